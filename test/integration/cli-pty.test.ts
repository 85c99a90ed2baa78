/**
 * `zonedeck` on a pseudo-terminal that is resized and asked: a console follows the terminal's size
 * (SIGWINCH → a resize on the console stream, which the zone's shell then reports), and removing a
 * protected zone asks for its name on the terminal. Under CI a missing keychain or pty fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliGate, cliWorld, type CliWorld, ROOT } from '../support/cli-world';
import { resizablePtyMissing, spawnResizablePty } from '../support/pty-resize';
import { ptyMissing, spawnPty } from '../support/pty';

const gate = await cliGate('CLI PTY TESTS', resizablePtyMissing ?? ptyMissing);

let w: CliWorld;
beforeAll(async () => {
  if (gate.ok) w = await cliWorld({ signIn: ['eu-1'] });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe('zonedeck on a pseudo-terminal', { timeout: 120_000 }, () => {
  it("a console follows the terminal's size when it is resized", async (ctx) => {
    gate.need(ctx);
    const t = spawnResizablePty([process.execPath, ...w.cliEntry(), ...w.cliFlags(), 'console', 'eu-1/web-1'], {
      cwd: ROOT,
      env: w.cliEnv(),
      size: [24, 80],
      then: [41, 132],
    });
    await t.waitFor(/root@web-1:~# $/);
    let mark = t.output().length;
    t.write('stty size\r');
    // Opened at the terminal's size.
    await t.waitFor(/\n24 80\r*\n/, 30_000, mark);
    await t.waitFor(/root@web-1:~# $/, 30_000, mark);

    t.resize();
    // The resize and the keys travel one stream in order; SIGWINCH itself reaches the CLI a moment later.
    let resized = false;
    for (let i = 0; i < 10 && !resized; i++) {
      await new Promise((r) => setTimeout(r, 300));
      mark = t.output().length;
      t.write('stty size\r');
      const m = await t.waitFor(/\n(\d+ \d+)\r*\n/, 30_000, mark);
      resized = m[1] === '41 132';
    }
    expect(resized).toBe(true);
    t.write('\u001d');
    await t.waitFor(/left the console/);
    expect(await t.exited).toBe(0);
  });

  it('removing a protected zone asks for its name on the terminal', async (ctx) => {
    gate.need(ctx);
    expect((await w.zonedeck(['zones', 'add', 'prod', 'https://prod.example.com', '--protected'])).code).toBe(0);
    const wrong = spawnPty([process.execPath, ...w.cliEntry(), ...w.cliFlags(), 'zones', 'remove', 'prod'], {
      cwd: ROOT,
      env: w.cliEnv(),
    });
    await wrong.waitFor(/prod is protected\. Type its name to remove it: $/);
    wrong.write('prd\r');
    await wrong.waitFor(/The name did not match: prod was not removed\./);
    expect(await wrong.exited).toBe(2);

    const right = spawnPty([process.execPath, ...w.cliEntry(), ...w.cliFlags(), 'zones', 'remove', 'prod'], {
      cwd: ROOT,
      env: w.cliEnv(),
    });
    await right.waitFor(/Type its name to remove it: $/);
    right.write('prod\r');
    await right.waitFor(/Removed prod;/);
    expect(await right.exited).toBe(0);
  });
});
