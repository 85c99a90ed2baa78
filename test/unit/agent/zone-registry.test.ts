import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZONE_PALETTE, ZoneRegistry, type ZoneAdd } from '../../../src-main/agent/zones';
import { AgentError } from '../../../src-main/contract/errors';
import { MIGRATIONS } from '../../../src-main/agent/zones/migrations';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-zones-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fileText = () => readFileSync(join(dir, 'zones.json'), 'utf8');

/** Expects an AgentError('invalid_input') whose message matches, and no change to the file. */
function expectInvalid(fn: () => unknown, message: RegExp): void {
  const before = fileText();
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AgentError);
  expect((caught as AgentError).code).toBe('invalid_input');
  expect((caught as AgentError).message).toMatch(message);
  expect(fileText()).toBe(before);
}

describe('ZoneRegistry', () => {
  it('adds, renames, recolours and removes, and tells listeners', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const seen: number[] = [];
    reg.onChange((zones) => seen.push(zones.length));

    const a = reg.add({ name: 'Zone A (Frankfurt)', baseUrl: 'https://zone-a.example.com/' });
    expect(a).toMatchObject({
      id: 'zone-a-frankfurt',
      name: 'Zone A (Frankfurt)',
      baseUrl: 'https://zone-a.example.com',
      sandbox: false,
    });
    expect(a.color).toBe(ZONE_PALETTE[0]);
    expect(Date.parse(a.createdAt)).not.toBeNaN();

    const b = reg.add({ name: 'Zone A  (Frankfurt)', baseUrl: 'https://zone-b.example.com' });
    expect(b.id).toBe('zone-a-frankfurt-2');
    expect(b.color).toBe(ZONE_PALETTE[1]);

    const renamed = reg.update(a.id, { name: 'Frankfurt', color: '#ABCDEF' });
    expect(renamed).toMatchObject({ id: a.id, name: 'Frankfurt', color: '#abcdef' });
    expect(reg.get(a.id)?.name).toBe('Frankfurt');

    reg.remove(b.id);
    expect(reg.list().map((z) => z.id)).toEqual([a.id]);
    expect(seen).toEqual([1, 2, 2, 1]);
  });

  it('persists across instances, with a version, readable only by the owner', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'Local', baseUrl: 'http://127.0.0.1:8080', sandbox: true });
    const again = new ZoneRegistry({ dataDir: dir });
    expect(again.list()).toEqual([a]);
    expect(JSON.parse(fileText())).toMatchObject({ version: 6 });
    if (process.platform !== 'win32') expect(statSync(join(dir, 'zones.json')).mode & 0o077).toBe(0);
  });

  it('allows http only for this computer', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(reg.add({ name: 'a', baseUrl: 'http://localhost:3000' }).baseUrl).toBe('http://localhost:3000');
    expect(reg.add({ name: 'b', baseUrl: 'http://sandbox.localhost:3000/api/' }).baseUrl).toBe(
      'http://sandbox.localhost:3000/api',
    );
    expect(reg.add({ name: 'c', baseUrl: 'http://[::1]:3000' }).baseUrl).toBe('http://[::1]:3000');
    expectInvalid(() => reg.add({ name: 'd', baseUrl: 'http://zone.example.com' }), /must use https/);
  });

  it('rejects bad inputs with clear messages and changes nothing', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'A', baseUrl: 'https://a.example.com' });
    const cases: Array<[ZoneAdd, RegExp]> = [
      [{ name: '  ', baseUrl: 'https://x.example.com' }, /needs a name/],
      [{ name: 'x'.repeat(41), baseUrl: 'https://x.example.com' }, /at most 40/],
      [{ name: 'x', baseUrl: 'not a url' }, /is not a URL/],
      [{ name: 'x', baseUrl: 'ftp://x.example.com' }, /https:\/\//],
      [{ name: 'x', baseUrl: 'https://u:p@x.example.com' }, /user name or password/],
      [{ name: 'x', baseUrl: 'https://x.example.com/?a=1' }, /query/],
      [{ name: 'x', baseUrl: 'https://x.example.com/#top' }, /fragment/],
      [{ name: 'x', baseUrl: 'https://A.example.com:443/' }, /"A" already uses https:\/\/a\.example\.com/],
      [{ name: 'x', baseUrl: 'https://x.example.com', color: 'red' }, /#2f80ed/],
      [{ name: 'x', baseUrl: 'https://x.example.com', caFile: 'ca.pem' }, /absolute path/],
      [
        { name: 'x', baseUrl: 'https://x.example.com', caFile: join(dir, 'missing.pem') },
        /is not a readable file of PEM certificates/,
      ],
      [{ name: 'x', baseUrl: 'https://x.example.com', caFile: dir }, /is not a readable file of PEM certificates/],
    ];
    for (const [input, msg] of cases) expectInvalid(() => reg.add(input), msg);
    expectInvalid(() => reg.update(a.id, { baseUrl: 'https://y.example.com', color: 'nope' }), /colour/);
    expect(reg.get(a.id)?.baseUrl).toBe('https://a.example.com');
    expect(() => reg.remove('nope')).toThrow(/no zone "nope"/);
  });

  it('accepts a PEM CA file, refuses garbage, and can clear it', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const good = join(dir, 'ca.pem');
    writeFileSync(good, `${rootCertificates[0]}\n${rootCertificates[1]}\n`);
    const notPem = join(dir, 'junk.pem');
    writeFileSync(notPem, 'hello');
    const broken = join(dir, 'broken.pem');
    writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');

    const z = reg.add({ name: 'Private', baseUrl: 'https://p.internal', caFile: good });
    expect(z.caFile).toBe(good);
    expectInvalid(() => reg.update(z.id, { caFile: notPem }), /is not a readable file of PEM certificates/);
    expectInvalid(() => reg.update(z.id, { caFile: broken }), /is not a readable file of PEM certificates/);
    expect(reg.update(z.id, { caFile: null }).caFile).toBeUndefined();
    expect(new ZoneRegistry({ dataDir: dir }).get(z.id)?.caFile).toBeUndefined();
  });

  it('refuses unknown fields, so a secret can never end up in the file', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    reg.add({ name: 'A', baseUrl: 'https://a.example.com' });
    const withToken = { name: 'B', baseUrl: 'https://b.example.com', refreshToken: 'rt-SECRET' } as unknown as ZoneAdd;
    expectInvalid(() => reg.add(withToken), /Unknown field: refreshToken/);
    expectInvalid(() => reg.add({ name: 'C', baseUrl: 'https://user:hunter2@c.example.com' }), /password/);
    const text = fileText();
    expect(text).not.toMatch(/SECRET|hunter2|token|password/i);
    expect(Object.keys(JSON.parse(text).zones[0]).sort()).toEqual([
      'baseUrl',
      'color',
      'createdAt',
      'id',
      'name',
      'protected',
      'sandbox',
    ]);
  });

  it('migrates a version-1 file and writes it back in the current shape', () => {
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({
        zones: {
          fra: { name: 'Frankfurt', url: 'https://fra.example.com', colour: '#FF0000' },
          ams: { name: 'Amsterdam', url: 'https://ams.example.com' },
        },
      }),
    );
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(reg.list()).toMatchObject([
      { id: 'fra', name: 'Frankfurt', baseUrl: 'https://fra.example.com', color: '#ff0000', sandbox: false },
      { id: 'ams', name: 'Amsterdam', baseUrl: 'https://ams.example.com', sandbox: false },
    ]);
    const saved = JSON.parse(fileText());
    expect(saved.version).toBe(6);
    expect(saved.zones.map((z: { protected: boolean }) => z.protected)).toEqual([false, false]);
    expect(Array.isArray(saved.zones)).toBe(true);
  });

  it('runs an injected migration hook', () => {
    writeFileSync(join(dir, 'zones.json'), JSON.stringify({ version: 1, legacy: true }));
    const reg = new ZoneRegistry({
      dataDir: dir,
      migrations: {
        ...MIGRATIONS,
        1: () => ({
          version: 2,
          zones: [
            {
              id: 'x',
              name: 'X',
              baseUrl: 'https://x.example.com',
              color: '#000000',
              sandbox: false,
              createdAt: 'then',
            },
          ],
        }),
      },
    });
    expect(reg.list().map((z) => z.id)).toEqual(['x']);
  });

  it('keeps a copy of unreadable entries and of a corrupt file', () => {
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({
        version: 2,
        zones: [
          { id: 'ok', name: 'OK', baseUrl: 'https://ok.example.com', color: '#000000', sandbox: false, createdAt: 'x' },
          { id: 'bad' },
        ],
      }),
    );
    expect(new ZoneRegistry({ dataDir: dir }).list().map((z) => z.id)).toEqual(['ok']);
    writeFileSync(join(dir, 'zones.json'), '{not json');
    expect(new ZoneRegistry({ dataDir: dir }).list()).toEqual([]);
    const names = readdirSync(dir);
    expect(names.some((n) => n.startsWith('zones.json.invalid-'))).toBe(true);
    expect(names.some((n) => n.startsWith('zones.json.corrupt-'))).toBe(true);
  });

  it('migrates a version-2 file: every zone starts unprotected, an entry that is not an object is set aside', () => {
    const v2 = { id: 'fra', name: 'Frankfurt', baseUrl: 'https://fra.example.com', color: '#ff0000', sandbox: false };
    writeFileSync(
      join(dir, 'zones.json'),
      JSON.stringify({
        version: 2,
        zones: [
          { ...v2, createdAt: 'x' },
          'junk',
          { ...v2, id: 'ams', baseUrl: 'https://ams.example.com', createdAt: 'y', protected: true },
        ],
      }),
    );
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(reg.list().map((z) => [z.id, z.protected])).toEqual([
      ['fra', false],
      ['ams', true],
    ]);
    const saved = JSON.parse(fileText());
    expect(saved.version).toBe(6);
    expect(saved.zones).toHaveLength(2);
    expect(readdirSync(dir).some((n) => n.startsWith('zones.json.invalid-'))).toBe(true);
  });

  it('marks a zone protected and back, and refuses a protection that is not a boolean', () => {
    const reg = new ZoneRegistry({ dataDir: dir });
    const a = reg.add({ name: 'prod', baseUrl: 'https://prod.example.com' });
    expect(a.protected).toBe(false);
    expect(reg.update(a.id, { protected: true })).toMatchObject({ id: a.id, protected: true, name: 'prod' });
    expect(new ZoneRegistry({ dataDir: dir }).get(a.id)?.protected).toBe(true);
    expectInvalid(() => reg.update(a.id, { protected: 'yes' as unknown as boolean }), /protected/i);
    expect(reg.update(a.id, { protected: false }).protected).toBe(false);
  });

  it('reads but never overwrites a file from a newer version', () => {
    const newer = JSON.stringify({ version: 99, zones: [] });
    writeFileSync(join(dir, 'zones.json'), newer);
    const reg = new ZoneRegistry({ dataDir: dir });
    expect(() => reg.add({ name: 'A', baseUrl: 'https://a.example.com' })).toThrow(/newer Zonedeck/);
    expect(fileText()).toBe(newer);
  });
});
