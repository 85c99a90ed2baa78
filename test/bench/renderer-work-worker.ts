/**
 * Run by renderer-work.ts in its own tsx process; prints its figures as JSON on the last line.
 * What the unit tests asserted with a clock until #39 (they now assert only the results):
 * - `run_steps_10k_events_ms`: 10,000 stream events (one step started, 9,999 progress chunks) read
 *   and applied to a run's progress, as the run view does (run-steps.ts); median of ROUNDS.
 * - `spec_locate_1mb_ms`: a 1 MB workflow spec (5,000 nodes) parsed and its nodes located, a new
 *   text each round (the editor's first look at a draft); median of ROUNDS.
 * - `spec_lookup_1000_ms`: then 1,000 cursor positions looked up in that text (parsed once, reused).
 * - `graph_layout_500_ms`: a 500-node workflow graph (a repeatable DAG) laid out, as the graph
 *   view does on opening a draft; median of ROUNDS.
 * Goals: the bounds the unit tests held (200 ms, 1 s, 1 s, 400 ms).
 */
import { readRunEvent, type StreamEventIn } from '../../src-renderer/features/workflows/shapes/run-events';
import { applyRunEvent, emptyProgress } from '../../src-renderer/features/workflows/production/run-steps';
import { locateNodes, nodeAtOffset } from '../../src-renderer/features/workflows/editor/spec-locations';
import { layoutGraph } from '../../src-renderer/features/workflows/graph/layout';
import { median, withSpread } from './stats';

const ROUNDS = 9;

const ev = (seq: number, type: string, data: Record<string, unknown> = {}): StreamEventIn => ({
  type,
  id: String(seq),
  data: { seq, ...data },
});

function runSteps(): number {
  const events = [ev(1, 'step_started', { node_id: 'ask' })];
  for (let i = 2; i <= 10_000; i++) events.push(ev(i, 'step_progress', { node_id: 'ask', chunk: 'x' }));
  const p = emptyProgress();
  const t = performance.now();
  for (const e of events) applyRunEvent(p, readRunEvent(e));
  const ms = performance.now() - t;
  if (p.trail[0]?.streamed.length !== 9_999) throw new Error('the run lost a chunk');
  return ms;
}

function spec(round: number): { locate: number; lookup: number } {
  // A new text each round (the round in every prompt), so nothing of the round before is reused.
  const nodes = Array.from({ length: 5000 }, (_, i) => ({
    id: `node-${i}`,
    type: 'llm',
    prompt: `${round}`.repeat(150),
  }));
  const big = JSON.stringify({ nodes, edges: [] }, null, 2);
  let t = performance.now();
  if (locateNodes(big).size !== 5000) throw new Error('a node was not located');
  const locate = performance.now() - t;
  const at = big.indexOf('"node-4321"');
  t = performance.now();
  for (let i = 0; i < 1000; i++)
    if (nodeAtOffset(big, at + (i % 100)) !== 'node-4321') throw new Error(`lost at ${at + (i % 100)}`);
  return { locate, lookup: performance.now() - t };
}

/** A repeatable DAG of `n` nodes: each hangs under one or two of the ten before it. */
function layout(n: number): number {
  let seed = 7;
  const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}` }));
  const edges: { from: string; to: string }[] = [];
  for (let i = 1; i < n; i++) {
    edges.push({ from: `n${Math.max(0, i - 1 - Math.floor(rnd() * 10))}`, to: `n${i}` });
    if (rnd() < 0.3) edges.push({ from: `n${Math.max(0, i - 1 - Math.floor(rnd() * 10))}`, to: `n${i}` });
  }
  const t = performance.now();
  if (layoutGraph(nodes, edges).nodes.length !== n) throw new Error('a node was not placed');
  return performance.now() - t;
}

const steps: number[] = [];
const graph: number[] = [];
const locate: number[] = [];
const lookup: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  steps.push(runSteps());
  const s = spec(r);
  locate.push(s.locate);
  lookup.push(s.lookup);
  graph.push(layout(500));
}
console.error(
  `renderer work, median (range) of ${ROUNDS} (ms): 10,000 run events applied ${withSpread(steps)}; a 1 MB spec located ${withSpread(locate)}, then 1,000 lookups ${withSpread(lookup, 2)}; a 500-node graph laid out ${withSpread(graph)}`,
);
console.log(
  JSON.stringify({
    run_steps_10k_events_ms: median(steps),
    spec_locate_1mb_ms: median(locate),
    spec_lookup_1000_ms: median(lookup),
    graph_layout_500_ms: median(graph),
  }),
);
