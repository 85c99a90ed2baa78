/**
 * `zonedeck run --follow --approve` against a zone in other words (seed:2554): its runs say
 * "PARKED" at a gate (the spec's own word, upper case), "SUCCESS" when done, and keep their steps
 * under `trail` keyed `step_id`. The command's code runs in this process over a real agent and the
 * sandbox on loopback (no keychain needed: the agent keeps its secrets in memory); it must print a
 * line per step, approve the parked gate and end with the run's success — and in the standard
 * words (waiting_approval, succeeded) alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src-main/cli/commands/run';
import { harness } from './agent/harness';
import { linkOver, recorder } from '../support/cli-in-process';

let h: Awaited<ReturnType<typeof harness>>;
beforeAll(async () => {
  // eu-1 speaks seed:2554 (PARKED, SUCCESS, `trail`, `step_id`); us-1 the standard words.
  h = await harness({ zones: [{ id: 'eu-1', dialect: 'seed:2554' }, 'us-1'] });
  await h.addAndSignIn('eu-1');
  await h.addAndSignIn('us-1');
});
afterAll(() => h?.close());

describe('zonedeck run --follow --approve, in the zone’s own run words', { timeout: 60_000 }, () => {
  it.each([
    ['eu-1', 'PARKED', 'SUCCESS'],
    ['us-1', 'waiting_approval', 'succeeded'],
  ])(
    'in %s: a line per step (%s at the gate), the gate approved, the run ends in success',
    async (zone, gate, done) => {
      const out = recorder();
      process.exitCode = undefined;
      await runCommand(linkOver(h.agent), out, `${zone}/triage`, { input: '"hello"', follow: true, approve: true });
      const text = out.notes.join('\n');
      expect(text).toMatch(new RegExp(`^ {2}\\S+\\s+${gate}$`, 'm'));
      expect(text).toMatch(/approved the gate at \S+/);
      expect(text).toMatch(new RegExp(`^ {2}\\S+\\s+${done}$`, 'm'));
      expect(text).toMatch(/Run \S+ succeeded\./);
      expect(out.results.at(-1)).toBe('succeeded');
      expect(process.exitCode ?? 0).toBe(0);
    },
  );
});
