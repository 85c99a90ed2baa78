import { describe, expect, it } from 'vitest';
import {
  locateNodes,
  nodeAtOffset,
  parseSpec,
} from '../../../../../src-renderer/features/workflows/editor/spec-locations';

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

  // How fast: spec_locate_1mb_ms and spec_lookup_1000_ms in `npm run bench` (test/bench/renderer-work-worker.ts).
  it('on a 1 MB spec: parsed once, then every lookup finds its node', () => {
    const nodes = Array.from({ length: 5000 }, (_, i) => ({ id: `node-${i}`, type: 'llm', prompt: 'p'.repeat(150) }));
    const big = JSON.stringify({ nodes, edges: [] }, null, 2);
    expect(big.length).toBeGreaterThan(1_000_000);
    const locs = locateNodes(big);
    expect(locs.size).toBe(5000);
    // The same text is not parsed again: the very same result comes back.
    expect(parseSpec(big)).toBe(parseSpec(big));
    expect(locateNodes(big)).toBe(locs);
    const at = big.indexOf('"node-4321"');
    for (let i = 0; i < 1000; i++) expect(nodeAtOffset(big, at + (i % 100))).toBe('node-4321');
  });
});
