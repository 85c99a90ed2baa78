import { describe, expect, it } from 'vitest';
import {
  MAX_EDGES,
  MAX_NODES,
  readGraph,
  type GraphReading,
} from '../../../../../src-renderer/features/workflows/graph/workflow-graph';

function ok(r: GraphReading): Extract<GraphReading, { ok: true }> {
  if (!r.ok) throw new Error(`expected a graph, got: ${r.reason}`);
  return r;
}
const pairs = (r: GraphReading): string[] => ok(r).edges.map((e) => `${e.from}>${e.to}${e.broken ? '!' : ''}`);

describe('readGraph: shapes', () => {
  it('reads the sandbox shape: nodes + edges with from/to', () => {
    const r = ok(
      readGraph({
        nodes: [
          { id: 'in', type: 'input' },
          { id: 'ask', type: 'llm', name: 'Ask the model', prompt: 'x' },
          { id: 'out', type: 'output' },
        ],
        edges: [
          { from: 'in', to: 'ask' },
          { from: 'ask', to: 'out' },
        ],
      }),
    );
    expect(r.nodes).toEqual([
      { id: 'in', type: 'input' },
      { id: 'ask', type: 'llm', name: 'Ask the model' },
      { id: 'out', type: 'output' },
    ]);
    expect(pairs(r)).toEqual(['in>ask', 'ask>out']);
    expect(r.shape).toBe('nodes + edges');
    expect(r.cycle).toBeUndefined();
    expect(r.note).toBeUndefined();
  });

  it.each([
    ['source', 'target'],
    ['src', 'dst'],
  ])('reads edge ends under %s/%s, and [from, to] pairs', (a, b) => {
    const r = readGraph({
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      edges: [{ [a]: 'a', [b]: 'b' }, ['b', 'c']],
    });
    expect(pairs(r)).toEqual(['a>b', 'b>c']);
  });

  it('reads nodes as a map keyed by id, with kind and title', () => {
    const r = ok(
      readGraph({
        nodes: { start: { kind: 'input' }, think: { kind: 'llm', title: 'Think' } },
        links: [{ source: 'start', target: 'think' }],
      }),
    );
    expect(r.nodes).toEqual([
      { id: 'start', type: 'input' },
      { id: 'think', type: 'llm', name: 'Think' },
    ]);
    expect(r.shape).toBe('nodes map + links');
  });

  it('reads steps with depends_on / needs / after, as a string or a list', () => {
    const r = ok(
      readGraph({
        steps: [
          { name: 'fetch', uses: 'http' },
          { name: 'parse', depends_on: 'fetch' },
          { name: 'store', needs: ['parse', 'fetch'], label: 'Store it' },
          { key: 'notify', after: ['store'] },
        ],
      }),
    );
    expect(r.nodes.map((n) => n.id)).toEqual(['fetch', 'parse', 'store', 'notify']);
    expect(r.nodes[0]).toEqual({ id: 'fetch', type: 'http' });
    // The id came from "name", so the display name is read from title/label only.
    expect(r.nodes[2]).toEqual({ id: 'store', name: 'Store it' });
    expect(pairs(r)).toEqual(['fetch>parse', 'parse>store', 'fetch>store', 'store>notify']);
    expect(r.shape).toBe('steps + depends_on, needs, after');
  });

  it('reads a steps map with successors under next / then, including branch maps', () => {
    const r = ok(
      readGraph({
        steps: {
          gate: { type: 'approval', next: { approve: 'ship', reject: 'stop' } },
          ship: { then: 'done' },
          stop: { type: 'output' },
          done: 'output',
        },
      }),
    );
    expect(pairs(r)).toEqual(['gate>ship', 'gate>stop', 'ship>done']);
    expect(r.nodes.find((n) => n.id === 'done')).toEqual({ id: 'done', type: 'output' });
  });

  it.each(['spec', 'draft_spec', 'definition'])('unwraps {%s: …}', (key) => {
    const r = ok(readGraph({ name: 'triage', [key]: { nodes: [{ id: 'a' }], edges: [] } }));
    expect(r.nodes).toEqual([{ id: 'a' }]);
    expect(r.shape).toBe(`${key} › nodes`);
  });

  it('reads an empty draft as an empty graph, not as garbage', () => {
    expect(readGraph({ nodes: [], edges: [] })).toEqual({ ok: true, nodes: [], edges: [], shape: 'nodes' });
  });
});

describe('readGraph: flaws are kept and said', () => {
  it('keeps an edge to an unknown node, flagged', () => {
    const r = ok(readGraph({ nodes: [{ id: 'a' }], edges: [{ from: 'a', to: 'ghost' }] }));
    expect(r.edges).toEqual([{ from: 'a', to: 'ghost', broken: true }]);
    expect(r.note).toContain('does not exist');
  });

  it('detects a cycle and names it, without looping', () => {
    const r = ok(
      readGraph({
        steps: [
          { id: 'a', needs: 'c' },
          { id: 'b', needs: 'a' },
          { id: 'c', needs: 'b' },
        ],
      }),
    );
    expect(r.cycle).toHaveLength(3);
    expect(new Set(r.cycle)).toEqual(new Set(['a', 'b', 'c']));
    expect(r.note).toMatch(/cycle: .* → .* → .* → /);
    expect(ok(readGraph({ nodes: [{ id: 'x', next: 'x' }] })).cycle).toEqual(['x']);
  });

  it('draws duplicate ids once and nodes without an id by position, and says so', () => {
    const r = ok(readGraph({ nodes: [{ id: 'a' }, { id: 'a', type: 'llm' }, { type: 'tool' }, 7] }));
    expect(r.nodes).toEqual([{ id: 'a' }, { id: '#3', type: 'tool' }]);
    expect(r.note).toContain('Duplicate ids drawn once: a.');
    expect(r.note).toContain('no id');
    expect(r.note).toContain('left out');
  });

  it('resolves numeric edge ends to node positions when no node has that id', () => {
    expect(pairs(readGraph({ nodes: [{ id: 'a' }, { id: 'b' }], edges: [{ from: 0, to: 1 }] }))).toEqual(['a>b']);
  });

  it('bounds the work on a huge spec and says it was cut', () => {
    const nodes = Array.from({ length: MAX_NODES + 10 }, (_, i) => ({ id: `n${i}` }));
    // Distinct pairs: the b-th edge out of node a goes b + 1 nodes on.
    const edges = Array.from({ length: MAX_EDGES + 10 }, (_, i) => {
      const [a, b] = [i % MAX_NODES, Math.floor(i / MAX_NODES)];
      return { from: `n${a}`, to: `n${(a + b + 1) % MAX_NODES}` };
    });
    const t = performance.now();
    const r = ok(readGraph({ nodes, edges }));
    expect(performance.now() - t).toBeLessThan(1000);
    expect(r.nodes).toHaveLength(MAX_NODES);
    expect(r.edges.length).toBeLessThanOrEqual(MAX_EDGES);
    expect(r.note).toContain('first 5,000 nodes');
    expect(r.note).toContain('first 20,000 edges');
  });

  it('finds a cycle in a 5,000-node chain without overflowing the stack', () => {
    const steps = Array.from({ length: MAX_NODES }, (_, i) => ({
      id: `s${i}`,
      needs: `s${(i + MAX_NODES - 1) % MAX_NODES}`,
    }));
    expect(ok(readGraph({ steps })).cycle).toHaveLength(MAX_NODES);
  });
});

describe('readGraph: garbage gets a sentence', () => {
  const deep: Record<string, unknown> = {};
  let at = deep;
  for (let i = 0; i < 10_000; i++) at = (at.spec = {}) as Record<string, unknown>;

  it.each([
    ['null', null, 'empty'],
    ['undefined', undefined, 'empty'],
    ['a number', 42, 'a number'],
    ['a string', '{"nodes": []}', 'text'],
    ['a boolean', true, 'a boolean'],
    ['a list of numbers', [1, 2, 3], 'list without any node'],
    ['an object without nodes', { name: 'x', version: 3 }, 'no nodes or steps list'],
    ['nodes that are a number', { nodes: 5 }, '"nodes" is a number'],
    ['nodes that are text', { steps: 'a,b' }, '"steps" is text'],
    ['nodes that are all numbers', { nodes: [1, 2, 3] }, 'holds no node objects'],
    ['a spec wrapped 10,000 deep', deep, 'wrapped too many times'],
  ])('%s', (_label, spec, words) => {
    const r = readGraph(spec);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toContain(words);
    expect(r.reason).toMatch(/^The spec.*so there is no picture\.$/);
  });
});
