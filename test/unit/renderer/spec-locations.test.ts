import { describe, expect, it } from 'vitest';
import { locateNodes, nodeAtOffset } from '../../../src-renderer/features/workflows/editor/spec-locations';

/** The text a range covers. */
const cut = (text: string, start: number | undefined, end: number | undefined): string => text.slice(start, end);

describe('locateNodes', () => {
  const sandbox = `{
  "nodes": [
    { "id": "in", "type": "input" },
    { "id": "ask", "type": "llm", "prompt": "Answer: {{input}}" }
  ],
  "edges": [{ "from": "in", "to": "ask" }]
}`;

  it('finds each node object of a nodes list and its id', () => {
    const locs = locateNodes(sandbox);
    expect([...locs.keys()]).toEqual(['in', 'ask']);
    const ask = locs.get('ask');
    expect(cut(sandbox, ask?.start, ask?.end)).toBe('{ "id": "ask", "type": "llm", "prompt": "Answer: {{input}}" }');
    expect(cut(sandbox, ask?.idStart, ask?.idEnd)).toBe('"ask"');
  });

  it('finds the entries of a steps map under a wrapper, the key being the id', () => {
    const text = `{"draft_spec": {"steps": {"fetch": {"uses": "http"}, "parse": {"needs": "fetch"}}}}`;
    const locs = locateNodes(text);
    const parse = locs.get('parse');
    expect(cut(text, parse?.start, parse?.end)).toBe('"parse": {"needs": "fetch"}');
    expect(cut(text, parse?.idStart, parse?.idEnd)).toBe('"parse"');
  });

  it('reads ids under name or key, bare string steps, and id-less nodes by position', () => {
    const text = `{"steps": [{"name": "a"}, {"key": "b"}, "c", {"type": "tool"}]}`;
    const locs = locateNodes(text);
    expect([...locs.keys()]).toEqual(['a', 'b', 'c', '#4']);
    expect(cut(text, locs.get('c')?.idStart, locs.get('c')?.idEnd)).toBe('"c"');
    expect(locs.get('#4')?.idStart).toBeUndefined();
  });

  it('tolerates half-typed JSON with comments', () => {
    const text = `{ // draft\n "nodes": [{"id": "a"}, {"id": "b", "type": `;
    expect([...locateNodes(text).keys()]).toEqual(['a', 'b']);
  });

  it('returns nothing for a spec without nodes, or for garbage', () => {
    expect(locateNodes('{"name": "x"}').size).toBe(0);
    expect(locateNodes('42').size).toBe(0);
    expect(locateNodes('').size).toBe(0);
  });
});

describe('nodeAtOffset', () => {
  const text = `{"nodes": [{"id": "a", "type": "input"}, {"id": "b"}], "edges": []}`;

  it('names the node under the cursor, and null between nodes', () => {
    expect(nodeAtOffset(text, text.indexOf('input'))).toBe('a');
    expect(nodeAtOffset(text, text.indexOf('"b"'))).toBe('b');
    expect(nodeAtOffset(text, text.indexOf('"edges"'))).toBeNull();
    expect(nodeAtOffset(text, 0)).toBeNull();
  });

  it('counts the closing brace as part of the node', () => {
    const end = text.indexOf('}') + 1;
    expect(nodeAtOffset(text, end)).toBe('a');
  });

  it('accepts a precomputed map', () => {
    const locs = locateNodes(text);
    expect(nodeAtOffset(locs, text.indexOf('"b"'))).toBe('b');
  });

  it('stays fast on a 1 MB spec: parsed once, then every lookup is cheap', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => ({ id: `node-${i}`, type: 'llm', prompt: 'p'.repeat(150) }));
    const big = JSON.stringify({ nodes, edges: [] }, null, 2);
    expect(big.length).toBeGreaterThan(1_000_000);
    let t = performance.now();
    const locs = locateNodes(big);
    const parseMs = performance.now() - t;
    expect(locs.size).toBe(5000);
    const at = big.indexOf('"node-4321"');
    t = performance.now();
    for (let i = 0; i < 1000; i++)
      if (nodeAtOffset(big, at + (i % 100)) !== 'node-4321') throw new Error(`lost at ${at + (i % 100)}`);
    const lookupMs = performance.now() - t;
    // Generous bounds for a shared CI machine; typical figures are ~130 ms cold and ~3 ms.
    expect(parseMs).toBeLessThan(1000);
    expect(lookupMs).toBeLessThan(1000);
  });
});
