/**
 * `zonedeck` in a real terminal (a pseudo-terminal made by util-linux `script`): sign in with the
 * mailed code, the password never drawn on the screen; then the console of a container, a command
 * echoed back and Ctrl-] to leave. Standalone, so the session is stored in the keychain: under
 * CI a missing keychain or `script` fails, never skips.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeytarModule } from '../../src-main/agent/secrets/secret-store';
import { cliWorld, type CliWorld, cliGate, mailedCode, ROOT } from '../support/cli-world';
import { ptyAvailable, ptyMissing, spawnPty } from '../support/pty';

const keychain = await cliGate('CLI TERMINAL TESTS', ptyAvailable ? undefined : ptyMissing);
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (keychain.ok) w = await cliWorld();
});
afterAll(async () => {
  await w?.close();
});

const zonedeck = (args: string[]) =>
  spawnPty([process.execPath, ...w.cliEntry(), ...w.cliFlags(), ...args], { cwd: ROOT, env: w.cliEnv() });

describe('zonedeck in a terminal', { timeout: 120_000 }, () => {
  it('signs in with the mailed code; the password is not drawn; the session is kept', async (ctx) => {
    need(ctx);
    const t = zonedeck(['login', 'eu-1']);
    await t.waitFor(/Email: $/);
    t.write(`${w.user.email}\r`);
    await t.waitFor(/Password: $/);
    const before = t.output().length;
    t.write(`${w.user.password}\r`);
    await t.waitFor(/Code for eu-1: $/, 60_000, before);
    expect(t.output()).toMatch(/A code was mailed to /);
    t.write(`${await mailedCode(w.sandbox, 'eu-1', w.user.email)}\r`);
    await t.waitFor(/Signed in: eu-1\./);
    expect(await t.exited).toBe(0);
    expect(t.output()).not.toContain(w.user.password);

    // A new process, nothing typed: the session came back from the keychain.
    const zones = await w.zonedeck(['zones']);
    expect(zones.stdout).toMatch(/eu-1\s+-\s+dev@example\.com/);
    // Neither the password nor a token reached the command line's log.
    const log = readFileSync(path.join(w.dataDir, 'logs', 'cli.log'), 'utf8');
    expect(log).toMatch(/signed in/);
    expect(log).not.toContain(w.user.password);
    expect(log).not.toMatch(/eyJ[\w-]{10,}/);
    // The refresh token the command line stored in the keychain is nowhere on screen or in the log.
    const keytar = await loadKeytarModule();
    const stored = await keytar.getPassword(w.keychainService, `zone:${w.zoneIds['eu-1']}:credential`);
    const refresh = (JSON.parse(stored ?? '{}') as { refresh_token?: string }).refresh_token;
    expect(refresh).toBeTruthy();
    expect(log).not.toContain(refresh);
    expect(t.output() + zones.stdout + zones.stderr).not.toContain(refresh);
  });

  it('a wrong code is asked again', async (ctx) => {
    need(ctx);
    const t = zonedeck(['login', 'us-1', '--email', w.user.email]);
    await t.waitFor(/Password: $/);
    t.write(`${w.user.password}\r`);
    await t.waitFor(/Code for us-1: $/);
    const mark = t.output().length;
    t.write('000000\r');
    await t.waitFor(/Try again\.[\s\S]*Code for us-1: $/, 60_000, mark);
    t.write(`${await mailedCode(w.sandbox, 'us-1', w.user.email)}\r`);
    await t.waitFor(/Signed in: us-1\./);
    expect(await t.exited).toBe(0);
    expect(t.output()).not.toContain(w.user.password);
  });

  it('--remember: after a sign-out, the next sign-in asks no code', async (ctx) => {
    need(ctx);
    expect((await w.zonedeck(['logout', 'eu-1'])).code).toBe(0);
    const first = zonedeck(['login', 'eu-1', '--email', w.user.email, '--remember']);
    await first.waitFor(/Password: $/);
    first.write(`${w.user.password}\r`);
    await first.waitFor(/Code for eu-1: $/);
    first.write(`${await mailedCode(w.sandbox, 'eu-1', w.user.email)}\r`);
    await first.waitFor(/Signed in: eu-1\./);
    expect(await first.exited).toBe(0);

    expect((await w.zonedeck(['logout', 'eu-1'])).code).toBe(0);
    const again = zonedeck(['login', 'eu-1', '--email', w.user.email]);
    await again.waitFor(/Password: $/);
    again.write(`${w.user.password}\r`);
    await again.waitFor(/Signed in: eu-1\./);
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toMatch(/Code for/);
  });

  it("opens a container's console, echoes a command, and leaves with Ctrl-]", async (ctx) => {
    need(ctx);
    const t = zonedeck(['console', 'eu-1/web-1']);
    await t.waitFor(/root@web-1:~# $/);
    t.write('echo "six times seven is $((6*7))" zonedeck-$HOSTNAME\r');
    await t.waitFor(/zonedeck-web-1/);
    const mark = t.output().length;
    t.write('stty size\r');
    await t.waitFor(/\n24 80\r*\n/, 60_000, mark);
    t.write('\u001d');
    await t.waitFor(/left the console/);
    expect(await t.exited).toBe(0);
  });
});
