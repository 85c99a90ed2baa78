/**
 * `zonedeck zones …` changes zones by the app's rules: re-pointing forgets the stored sign-in and
 * what the old address taught; a protected zone goes only with its name; an import is all or
 * nothing; an export never writes over a file. Standalone, on the keychain of a cliWorld.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytarModule } from '../../src-main/agent/secrets/secret-store';
import { cliGate, cliWorld, type CliWorld } from '../support/cli-world';

const keychain = await cliGate('CLI ZONES TESTS');
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (keychain.ok) w = await cliWorld({ signIn: ['eu-1'] });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const zonesFile = () =>
  JSON.parse(readFileSync(path.join(w.dataDir, 'zones.json'), 'utf8')) as {
    zones: { name: string; baseUrl: string; learnedWords?: unknown[]; protected?: boolean }[];
  };
const stored = async (zone: string) =>
  (await loadKeytarModule()).getPassword(w.keychainService, `zone:${w.zoneIds[zone]}:credential`);

describe('zonedeck zones: add, set-url, rename, remove, import, export', { timeout: 120_000 }, () => {
  it("set-url forgets the zone's sign-in and the names learned from the old address", async (ctx) => {
    need(ctx);
    await w.withAgent((invoke) =>
      invoke('zones.learnWord', {
        id: w.zoneIds['eu-1']!,
        role: 'evalCase.name',
        place: 'body',
        name: 'heading',
        instead: 'name',
        operationId: 'workflows.evals.put',
      }),
    );
    expect(zonesFile().zones.find((z) => z.name === 'eu-1')?.learnedWords).toHaveLength(1);
    expect(await stored('eu-1')).toBeTruthy();

    const moved = await w.zonedeck(['zones', 'set-url', 'eu-1', 'http://127.0.0.1:9']);
    expect(moved.stdout).toMatch(
      /^eu-1 now points at http:\/\/127\.0\.0\.1:9; .*forgotten, and its sign-in with them\.$/m,
    );
    expect(moved.code).toBe(0);
    expect(zonesFile().zones.find((z) => z.name === 'eu-1')?.learnedWords).toBeUndefined();
    expect(await stored('eu-1')).toBeNull();

    // Back at its address, still signed out: nothing stored came back with it.
    const eu = w.sandbox.zones.find((z) => z.id === 'eu-1')!.baseUrl;
    expect((await w.zonedeck(['zones', 'set-url', 'eu-1', eu])).code).toBe(0);
    const listed = await w.zonedeck(['zones']);
    expect(listed.stdout).toMatch(/eu-1\s+-\s+signed out/);
  });

  it('add refuses what the app refuses; rename keeps the zone', async (ctx) => {
    need(ctx);
    const taken = await w.zonedeck(['zones', 'add', 'again', w.sandbox.zones[1]!.baseUrl]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/already uses/);
    const plain = await w.zonedeck(['zones', 'add', 'far', 'http://example.com']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/https/i);

    const added = await w.zonedeck([
      'zones',
      'add',
      'prod',
      'https://prod.example.com',
      '--protected',
      '--colour',
      '#aa3300',
    ]);
    expect(added.stdout).toBe('Added prod at https://prod.example.com (protected).\n');
    expect((await w.zonedeck(['zones', 'rename', 'prod', 'prod-eu'])).stdout).toBe('Renamed prod to prod-eu.\n');
    expect(zonesFile().zones.find((z) => z.name === 'prod-eu')).toMatchObject({ protected: true });
  });

  it('a protected zone is removed only with its name', async (ctx) => {
    need(ctx);
    const asked = await w.zonedeck(['zones', 'remove', 'prod-eu']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/prod-eu is protected: give --confirm prod-eu/);
    const wrong = await w.zonedeck(['zones', 'remove', 'prod-eu', '--confirm', 'prod']);
    expect(wrong.code).toBe(2);
    expect(zonesFile().zones.map((z) => z.name)).toContain('prod-eu');
    const gone = await w.zonedeck(['zones', 'remove', 'prod-eu', '--confirm', 'prod-eu']);
    expect(gone.code).toBe(0);
    expect(zonesFile().zones.map((z) => z.name)).not.toContain('prod-eu');
  });

  it('an import is all or nothing; an export goes to stdout or a new 0600 file', async (ctx) => {
    need(ctx);
    const before = zonesFile().zones.map((z) => z.name);
    const file = path.join(w.home, 'team.json');
    const entries = [
      { name: 'ok', baseUrl: 'https://ok.example.com' },
      { name: 'bad', baseUrl: 'ftp://bad.example.com' },
    ];
    writeFileSync(file, JSON.stringify({ format: 'zonedeck.zones', version: 1, zones: entries }));
    const refused = await w.zonedeck(['zones', 'import', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Nothing was imported: one entry cannot be\.\n {2}bad: /);
    expect(zonesFile().zones.map((z) => z.name)).toEqual(before);

    writeFileSync(file, JSON.stringify({ format: 'zonedeck.zones', version: 1, zones: entries.slice(0, 1) }));
    expect((await w.zonedeck(['zones', 'import', file])).stdout).toBe('Imported ok.\n');

    const out = await w.zonedeck(['zones', 'export']);
    expect(JSON.parse(out.stdout)).toMatchObject({ format: 'zonedeck.zones', version: 1 });
    const again = await w.zonedeck(['zones', 'export', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/exists: give --replace/);
    expect((await w.zonedeck(['zones', 'export', file, '--replace'])).code).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { zones: unknown };
    expect(written.zones).toEqual((JSON.parse(out.stdout) as { zones: unknown }).zones);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
