import { describe, expect, it } from 'vitest';
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  layoutGraph,
  missingIds,
  structureKey,
} from '../../../../../src-renderer/features/workflows/graph/layout';
import type { GraphEdge, GraphNode } from '../../../../../src-renderer/features/workflows/graph/workflow-graph';
import { frame } from '../../../../../src-renderer/features/workflows/graph/use-graph-viewport';

const ids = (n: number): GraphNode[] => Array.from({ length: n }, (_, i) => ({ id: `n${i}` }));

/** A random-looking but repeatable DAG: each node hangs under one or two of the ten before it. */
function dag(n: number): GraphEdge[] {
  let seed = 7;
  const rnd = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const edges: GraphEdge[] = [];
  for (let i = 1; i < n; i++) {
    edges.push({ from: `n${Math.max(0, i - 1 - Math.floor(rnd() * 10))}`, to: `n${i}` });
    if (rnd() < 0.3) edges.push({ from: `n${Math.max(0, i - 1 - Math.floor(rnd() * 10))}`, to: `n${i}` });
  }
  return edges;
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT;
}

describe('layoutGraph', () => {
  it('draws top to bottom: every edge of a DAG goes down', () => {
    const nodes = ids(60);
    const edges = dag(60);
    const at = new Map(layoutGraph(nodes, edges).nodes.map((p) => [p.id, p]));
    for (const e of edges) expect(at.get(e.to)?.y).toBeGreaterThan(at.get(e.from)?.y ?? Infinity);
  });

  it('never puts two cards on top of each other', () => {
    const placed = layoutGraph(ids(200), dag(200)).nodes;
    const byRow = new Map<number, typeof placed>();
    for (const p of placed) byRow.set(p.y, [...(byRow.get(p.y) ?? []), p]);
    for (const row of byRow.values())
      for (let i = 0; i < row.length; i++)
        for (let j = i + 1; j < row.length; j++) expect(overlaps(row[i]!, row[j]!)).toBe(false);
  });

  it('centres a parent over its two children', () => {
    const at = new Map(
      layoutGraph(ids(3), [
        { from: 'n0', to: 'n1' },
        { from: 'n0', to: 'n2' },
      ]).nodes.map((p) => [p.id, p]),
    );
    expect(at.get('n0')!.x).toBeCloseTo((at.get('n1')!.x + at.get('n2')!.x) / 2, 5);
  });

  it('lays out a cycle without hanging, and a stand-in for an edge end that does not exist', () => {
    const out = layoutGraph(ids(3), [
      { from: 'n0', to: 'n1' },
      { from: 'n1', to: 'n2' },
      { from: 'n2', to: 'n0' },
      { from: 'n2', to: 'ghost', broken: true },
    ]);
    expect(out.nodes.map((p) => p.id)).toEqual(['n0', 'n1', 'n2', 'ghost']);
    expect(out.nodes.find((p) => p.id === 'ghost')?.missing).toBe(true);
    expect(new Set(out.nodes.map((p) => p.y)).size).toBeGreaterThan(1);
  });

  // Its speed is a bench figure (graph_layout_500_ms in test/bench/renderer-work-worker.ts), not a clock here.
  it('lays out 500 nodes and 5,000, every node placed once', () => {
    const out = layoutGraph(ids(500), dag(500));
    expect(out.nodes).toHaveLength(500);
    expect(new Set(out.nodes.map((p) => p.id)).size).toBe(500);
    expect(out.width).toBeGreaterThan(0);
    expect(layoutGraph(ids(5000), dag(5000)).nodes).toHaveLength(5000);
  });

  it('keys the structure by ids and edges only', () => {
    const edges = [{ from: 'a', to: 'b' }];
    expect(structureKey([{ id: 'a', name: 'x' }, { id: 'b' }], edges)).toBe(
      structureKey([{ id: 'a' }, { id: 'b', type: 'llm' }], edges),
    );
    expect(structureKey([{ id: 'a' }, { id: 'b' }], edges)).not.toBe(structureKey([{ id: 'a' }, { id: 'c' }], edges));
    expect(missingIds([{ id: 'a' }], [{ from: 'a', to: 'zz', broken: true }])).toEqual(['zz']);
  });
});

describe('frame: the first view', () => {
  it('shows a small graph whole, centred, never above 100 %', () => {
    const l = layoutGraph(ids(3), [{ from: 'n0', to: 'n1' }]);
    const v = frame(l, 1000, 800, false);
    expect(v.zoom).toBe(1);
    expect(v.x).toBeCloseTo((1000 - l.width) / 2, 5);
  });

  it('shows the top of a big graph at a readable zoom, its top row in view, and all of it when asked', () => {
    const l = layoutGraph(ids(500), dag(500));
    const v = frame(l, 1000, 700, false);
    expect(v.zoom).toBe(0.75);
    const root = l.nodes.find((n) => n.id === 'n0')!;
    const left = root.x * v.zoom + v.x;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + NODE_WIDTH * v.zoom).toBeLessThanOrEqual(1000);
    expect(root.y * v.zoom + v.y).toBeLessThan(100);
    const all = frame(l, 1000, 700, true);
    expect(l.height * all.zoom).toBeLessThanOrEqual(700);
  });
});
