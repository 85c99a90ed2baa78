/**
 * Run by compare-table.ts in its own tsx process (which reads the renderer's @contract alias from
 * tsconfig.test.json): three zones answer 500 workflows each, in three dialects, as reply text;
 * the figure is from the last answer to the compare table — parsing, reading every record through
 * the shapes, finding the name, the found workflows' readings (draft and three versions) and the row.
 */
import { performance } from 'node:perf_hooks';
import { workflowReading } from '../../src-renderer/features/compare/compare-readers';
import { compareRow, findByName, type ZoneSide } from '../../src-renderer/features/compare/compare-table';
import { listOf } from '../../src-renderer/lib/tolerant';
import { versionRowsOf } from '../../src-renderer/features/workflows/shapes/version-record';
import { toWorkflowSummary } from '../../src-renderer/features/workflows/shapes/workflow';
import { kindReader } from '../../src-main/contract/dictionary/kind-reader';

const N = 500;
const spec = (i: number, zone: number) => ({
  nodes: Array.from({ length: 12 }, (_, n) => ({
    id: `n${n}`,
    type: 'llm',
    prompt: `Step ${n} of flow ${i} in ${zone % 2}`,
  })),
  edges: Array.from({ length: 11 }, (_, n) => ({ from: `n${n}`, to: `n${n + 1}` })),
});

/** One zone's list reply text in its dialect: standard {items}, variant {data, uuid, display_name}, seed bare with text drafts. */
function listReply(zone: number): string {
  const recs = Array.from({ length: N }, (_, i) => {
    const name = `flow-${i}`;
    if (zone === 0)
      return {
        id: `w${i}`,
        name,
        draft_spec: spec(i, zone),
        latest_version: 3,
        deployment: { primary: { version: 3 } },
      };
    if (zone === 1) return { uuid: `u${i}`, display_name: name, spec: spec(i, zone), version: '3' };
    return { workflow_id: `x${i}`, title: name, definition: JSON.stringify(spec(i, zone)), current_version: 3 };
  });
  return JSON.stringify(zone === 0 ? { items: recs } : zone === 1 ? { data: recs, next: null } : recs);
}
const versionsReply = (i: number, zone: number) =>
  JSON.stringify({ items: [1, 2, 3].map((v) => ({ version: v, spec: spec(i + v, zone) })) });

function table(replies: string[], versions: string[][], name: string) {
  const sides: ZoneSide[] = replies.map((text, z) => {
    const zone = { id: `z${z}`, name: `z${z}`, color: '#000' };
    const list = listOf(JSON.parse(text));
    const reader = kindReader(undefined, list, 'workflow');
    const rows = list.map((r, j) => toWorkflowSummary(r, j, reader));
    const hit = findByName(rows, (r) => r.name, name);
    if (!hit) return { zone, state: 'absent' };
    const i = rows.indexOf(hit);
    return { zone, state: 'present', reading: workflowReading(hit.raw, versionRowsOf(JSON.parse(versions[z]![i]!))) };
  });
  return compareRow('z0', sides);
}

const replies = [0, 1, 2].map(listReply);
const versions = [0, 1, 2].map((z) => Array.from({ length: N }, (_, i) => versionsReply(i, z)));
table(replies, versions, 'flow-1'); // warm the JIT once, as a window that has compared before has
const samples: number[] = [];
for (let k = 0; k < 7; k++) {
  const t = performance.now();
  const row = table(replies, versions, `flow-${(k * 71) % N}`);
  samples.push(performance.now() - t);
  if (row.length !== 3 || row.some((c) => c.state !== 'present')) throw new Error('bench table is wrong');
}
samples.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    compare_table_3x500_ms: samples[samples.length >> 1],
    compare_table_3x500_slowest_ms: samples.at(-1),
  }),
);
