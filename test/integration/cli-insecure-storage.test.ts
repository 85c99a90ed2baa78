/**
 * Where no keychain answers: `zonedeck login --insecure-storage` keeps the session in a 0600 file
 * of the data folder, and every later command says so on stderr; without the flag nothing is ever
 * stored in a file. Machine sign-in with the secret from stdin or ZONEDECK_CLIENT_SECRET. The CLI
 * is given a keychain service name that no test entry uses; the file is what must carry the session.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../src-main/sandbox/server';
import { SECRETS_FILE } from '../../src-main/agent/secrets/file-store';
import { ROOT } from '../support/cli-world';
import { runCli } from '../support/cli-spawn';
import { makeApiClient } from '../support/api-client';

let sandbox: SandboxHandle;
let dir: string;
let client: { client_id: string; client_secret: string };
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'zd-insecure-'));
  mkdirSync(path.join(dir, 'home'));
  client = await makeApiClient(
    sandbox.zones[0]!.baseUrl,
    sandbox.users.find((u) => u.method === 'email')!,
  );
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOTICE = /^zonedeck: sign-ins are stored in a file \(.*secrets\.json\), not the keychain\.$/m;

function cli(dataDir: string, args: string[], o: { input?: string; env?: NodeJS.ProcessEnv } = {}) {
  const { ZONEDECK_CLIENT_SECRET: _theirs, ...rest } = process.env;
  return runCli(
    [
      '--data-dir',
      dataDir,
      '--standalone',
      '--keychain-service',
      `Zonedeck-test-${randomBytes(6).toString('hex')}`,
      ...args,
    ],
    { cwd: ROOT, env: { ...rest, HOME: path.join(dir, 'home'), NO_COLOR: '1', ...o.env }, ...o },
  );
}

describe('sign-ins kept in a file, by choice only', { timeout: 120_000 }, () => {
  it('--insecure-storage stores the machine session in a 0600 file; every later command says so', async () => {
    const data = path.join(dir, 'chosen');
    const added = await cli(data, ['zones', 'add', 'eu-1', sandbox.zones[0]!.baseUrl]);
    expect(added.stderr).not.toMatch(NOTICE);

    const login = await cli(data, ['login', 'eu-1', '--insecure-storage', '--client-id', client.client_id], {
      env: { ZONEDECK_CLIENT_SECRET: client.client_secret },
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toMatch(/Sign-ins are stored in a file from now on .*secrets\.json.*not encrypted/);
    const file = path.join(data, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(client.client_id);
    // Written atomically: no temporary file is left beside it.
    expect(readdirSync(data).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // Another process, another keychain service: only the file can have kept the session.
    const zones = await cli(data, ['--json', 'zones']);
    expect(zones.stderr).toMatch(NOTICE);
    const eu = (JSON.parse(zones.stdout) as { name: string; session: { clientId?: string } }[])[0]!;
    expect(eu.session.clientId).toBe(client.client_id);
    const listed = await cli(data, ['api', 'eu-1', 'containers.list']);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toMatch(NOTICE);

    // Signing out takes the session out of the file.
    expect((await cli(data, ['logout', 'eu-1'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(client.client_secret);
  });

  it('without the flag nothing goes to a file, and nothing says so', async () => {
    const data = path.join(dir, 'not-chosen');
    await cli(data, ['zones', 'add', 'eu-1', sandbox.zones[0]!.baseUrl]);
    const login = await cli(data, ['login', 'eu-1', '--client-id', client.client_id, '--client-secret-stdin'], {
      input: `${client.client_secret}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stderr).not.toMatch(/stored in a file/i);
    expect(existsSync(path.join(data, SECRETS_FILE))).toBe(false);
    const settings = path.join(data, 'settings.json');
    if (existsSync(settings)) expect(readFileSync(settings, 'utf8')).not.toContain('"file"');
  });

  it('refuses a secret given twice, or none', async () => {
    const data = path.join(dir, 'refused');
    await cli(data, ['zones', 'add', 'eu-1', sandbox.zones[0]!.baseUrl]);
    const twice = await cli(data, ['login', 'eu-1', '--client-id', 'x', '--client-secret-stdin'], {
      input: 'a\n',
      env: { ZONEDECK_CLIENT_SECRET: 'b' },
    });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/not both/);
    const none = await cli(data, ['login', 'eu-1', '--client-id', 'x']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/A client secret is needed/);
    const wrong = await cli(data, ['login', 'eu-1', '--client-id', client.client_id], {
      env: { ZONEDECK_CLIENT_SECRET: 'not-the-secret' },
    });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).not.toContain('not-the-secret');
  });
});
