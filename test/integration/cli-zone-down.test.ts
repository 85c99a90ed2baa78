/**
 * A zone that is down when `zonedeck` starts (standalone): the command fails as "not answering"
 * (exit 5) with the zone's error, and the sign-in remembered in the keychain is kept — once the
 * zone is back, the next command works without a sign-in. (Before #25 a renewal that did not reach
 * the zone deleted the stored session, signing the window out too.) Keychain: under CI a missing
 * one fails, never skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWorld, type CliWorld, cliGate } from '../support/cli-world';

const keychain = await cliGate('CLI ZONE-DOWN TESTS');
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (keychain.ok) w = await cliWorld({ signIn: ['eu-1'] });
});
afterAll(async () => {
  await w?.close();
});

describe('zonedeck with a zone down', { timeout: 120_000 }, () => {
  it('says the zone is not answering, keeps the session, and works once the zone is back', async (ctx) => {
    need(ctx);
    await w.stopSandbox();
    const down = await w.zonedeck(['api', 'eu-1', 'kubernetes.list']);
    expect(down.code).toBe(5);
    expect(down.stderr).toBe(
      'zonedeck: eu-1 is not answering: Nothing is listening at the zone’s address. Is the URL right, and is the zone up?\n',
    );
    expect(down.stderr).not.toContain('zonedeck login');

    await w.startSandbox();
    const back = await w.zonedeck(['kubeconfig', 'eu-1/demo']);
    expect(back.stderr).toMatch(/Wrote /);
    expect(back.code).toBe(0);
  });
});
