/**
 * Run by shapes-cost.ts in its own tsx process (which reads the renderer's @contract alias from
 * tsconfig.test.json); prints its figures as JSON on the last line, its comments on stderr.
 *
 * What reading any zone's shapes costs (issue #28 goal 6): the tolerant readers (contract/tolerant.ts,
 * lib/tolerant.ts, features/<area>/shapes; docs/zone-shapes.md) against plain property access of
 * the standard shape, the only one the app read before them, in the same process, interleaved.
 *
 * - The 100,000-row list: the sandbox's own containers list at --scale 100000 (standard dialect),
 *   read from its reply into the table's rows: `listOf` + `toContainerRow` (id, name, state,
 *   image, host, created) against `reply.items.map(r => ({ id: r.id, name: r.name, … }))`.
 *   `shapes_cost_list_100k_ms` is the median extra time of the shapes over 15 interleaved rounds;
 *   `shapes_cost_list_100k_pct` puts it against what reading that reply into rows costs anyway,
 *   JSON.parse of the reply plus the plain build (goal ≤ 5 %: under the round-to-round spread of
 *   the list's own figures on this machine, so not measurable there).
 * - A 500-step run record (the run view's re-read, every ~200 ms while a run streams): the
 *   record read through run-record.ts into the view's progress, against reading its steps'
 *   node_id / status / times / output by name (`shapes_cost_run_500_us`, informational).
 * The hop's side of the shapes (the agent reads a list's envelope with `listOf`, and error bodies)
 * is in `agent_hop_*`, which other work owns; `listOf` on this 100,000-row reply is timed here too.
 */
import { launch, signIn } from './sandbox';
import { loopbackFetch } from '../support/loopback-fetch';
import { listOf } from '../../src-main/contract/tolerant';
import { toContainerRow } from '../../src-renderer/lib/tolerant';
import { kindReader } from '../../src-main/contract/dictionary/kind-reader';
import { progressFromRun } from '../../src-renderer/features/workflows/shapes/run-record';
import { median, withSpread } from './stats';
import { dictionaryCost } from './dictionary-cost';

const ROUNDS = 15;

type Rec = Record<string, unknown>;

/** The row as the app built it from the standard shape, before the tolerant readers. */
function plainRow(r: Rec, i: number) {
  const host = r.host as Rec | string | undefined;
  const id = r.id as string | undefined;
  return {
    key: id ?? `#${i}`,
    id,
    name: (r.name as string | undefined) ?? id ?? `(unnamed ${i + 1})`,
    state: r.status as string | undefined,
    image: r.image as string | undefined,
    host: typeof host === 'object' && host ? (host.name as string) : host,
    createdAt: typeof r.created_at === 'string' ? new Date(r.created_at) : undefined,
    raw: r,
  };
}

function timed(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

/** A run record of `n` finished steps, as the sandbox answers workflowRuns.get. */
function runRecord(n: number): Rec {
  const at = new Date().toISOString();
  const steps = Array.from({ length: n }, (_, i) => ({
    node_id: `n${i}`,
    type: 'tool',
    status: 'succeeded',
    started_at: at,
    finished_at: at,
    output: `t(Step ${i - (i % 5)})`,
  }));
  const nodes = steps.map((s) => ({ id: s.node_id, type: 'tool', tool: 't' }));
  return { id: 'r1', workflow_id: 'w1', version: 1, status: 'running', steps, spec: { nodes, edges: [] } };
}

function plainProgress(raw: Rec) {
  const status: Record<string, string> = {};
  const trail = (raw.steps as Rec[]).map((s) => {
    status[s.node_id as string] = s.status as string;
    return {
      nodeId: s.node_id,
      status: s.status,
      startedAt: s.started_at,
      finishedAt: s.finished_at,
      output: s.output,
    };
  });
  return { runStatus: raw.status, status, trail };
}

async function shapesCost(): Promise<Record<string, number>> {
  const { child, ready } = await launch(['--scale', '100000']);
  let text: string;
  try {
    const base = ready.zones[0]!.base_url;
    const user = ready.users.find((u) => u.method === 'email')!;
    const token = await signIn(base, user.email, user.password);
    const res = await loopbackFetch(`${base}/api/v1/containers`, { headers: { authorization: `Bearer ${token}` } });
    text = await res.text();
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const reply = JSON.parse(text) as { items: Rec[] };
  const rows = reply.items.length;
  const parse: number[] = [];
  const plain: number[] = [];
  const shapes: number[] = [];
  const envelope: number[] = [];
  const infer: number[] = [];
  const extra: number[] = [];
  let sink = 0;
  // Interleaved finely: each round reads the rows in 20 slices of 5,000, each slice both ways, the
  // order swapped by slice, so a burst of other load on the shared machine hits both alike. Two
  // warm-up rounds first (V8 compiles both).
  const SLICE = 5_000;
  const slices = Array.from({ length: Math.ceil(rows / SLICE) }, (_, k) =>
    reply.items.slice(k * SLICE, (k + 1) * SLICE),
  );
  // The zone's dictionary empty, as on day one: everything the rows need is inferred from the reply.
  const reader = kindReader(undefined, reply.items, 'container');
  for (let i = -2; i < ROUNDS; i++) {
    const p = timed(() => (sink += (JSON.parse(text) as { items: unknown[] }).items.length));
    let a = 0;
    let b = 0;
    slices.forEach((items, k) => {
      const runPlain = () => timed(() => (sink += items.map(plainRow).length));
      // The rows through the list's one reader (made once per reply: its cost is infer_fields_100k below).
      const runShapes = () =>
        timed(() => (sink += listOf({ items }).map((r, j) => toContainerRow(r, j, reader)).length));
      if ((i + k) % 2 === 0) {
        a += runPlain();
        b += runShapes();
      } else {
        b += runShapes();
        a += runPlain();
      }
    });
    const e = timed(() => (sink += listOf(reply).length));
    const inf = timed(() => (sink += kindReader(undefined, reply.items, 'container').sampled));
    if (i < 0) continue;
    parse.push(p);
    plain.push(a);
    shapes.push(b);
    envelope.push(e);
    infer.push(inf);
    extra.push(b - a);
  }
  const inferPct = (100 * median(infer)) / (median(parse) + median(plain));
  console.error(
    `inferring a container's fields from the ${rows.toLocaleString('en')}-row reply (once per read), median of ${ROUNDS}: ${withSpread(infer, 3)} ms = ${inferPct.toFixed(2)} % of the read (goal ≤ 5 %)`,
  );
  const dict = dictionaryCost(reply.items, median(parse) + median(plain));
  const record = runRecord(500);
  const runPlain: number[] = [];
  const runShapes: number[] = [];
  for (let i = -20; i < 200; i++) {
    const a = timed(() => (sink += plainProgress(record).trail.length));
    const b = timed(() => (sink += progressFromRun(record, undefined).trail.length));
    if (i < 0) continue;
    runPlain.push(a);
    runShapes.push(b);
  }
  if (sink < 0) console.log(sink); // keeps the work from being optimised away
  const cost = median(extra);
  const pct = (100 * cost) / (median(parse) + median(plain));
  console.error(
    `shapes on ${rows.toLocaleString('en')} rows, median (range) of ${ROUNDS} (ms): plain ${withSpread(plain)}, shapes ${withSpread(shapes)}, extra ${withSpread(extra)}; JSON.parse of the reply ${withSpread(parse)}; listOf ${withSpread(envelope, 3)}; extra = ${pct.toFixed(1)} % of parse + plain rows (goal ≤ 5 %)`,
  );
  console.error(
    `a 500-step run record into the run view's progress, median of 200 (µs): plain ${(1000 * median(runPlain)).toFixed(0)}, shapes ${(1000 * median(runShapes)).toFixed(0)}`,
  );
  return {
    shapes_list_100k_plain_ms: median(plain),
    shapes_list_100k_shapes_ms: median(shapes),
    shapes_list_100k_parse_ms: median(parse),
    shapes_cost_list_100k_ms: cost,
    shapes_cost_list_100k_pct: pct,
    shapes_cost_run_500_us: 1000 * (median(runShapes) - median(runPlain)),
    infer_fields_100k_ms: median(infer),
    infer_fields_100k_pct: inferPct,
    ...dict,
  };
}

console.log(JSON.stringify(await shapesCost()));
