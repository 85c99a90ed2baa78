/**
 * A followed run's step trail for the command line: one line per step each time its word changes,
 * and the step a run waits at. Steps are read in the zone's words (contract/run-record.ts: the
 * window's names, then the zone's values) and their words by the one state vocabulary, so a zone's
 * trail under `trail`, keyed `step_id`, with "PARKED" for a gate, reads here as in the run view.
 */
import { classify, isGateWord } from '../contract/state-vocabulary';
import type { RunStep } from '../contract/run-record';

/** The lines for steps that are new or changed since `seen` (which is updated). */
export function stepLines(steps: readonly RunStep[], seen: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const s of steps) {
    // A step not reached yet has no word to say.
    if (s.word === '?' || seen.get(s.node) === s.word) continue;
    seen.set(s.node, s.word);
    lines.push(`  ${s.node.padEnd(16)} ${s.word}`);
  }
  return lines;
}

/** Where a run waits: a step in a gate word, else its last unfinished step, else the run's own word. */
export function gateOf(steps: readonly RunStep[], status: string | undefined): string {
  const gate = steps.find((s) => isGateWord(s.word));
  if (gate) return gate.node;
  const open = steps.filter((s) => classify(s.word, 'run') !== 'settled' && classify(s.word, 'run') !== 'failed');
  return open.at(-1)?.node ?? status ?? 'the gate';
}
