/** The packed line store behind the log view (issue #16): lines read back exactly, whatever they hold. */
import { describe, expect, it } from 'vitest';
import { PackedLines } from '../../../../src-renderer/lib/packed-lines';

/** Enough lines to seal many chunks (256 Ki characters each) and leave some in the open batch. */
const many = (n: number) => Array.from({ length: n }, (_, i) => `2025-01-01T00:00:00Z stdout ${i} line ${i}`);

describe('packed lines', () => {
  it('reads every line back at its index before, while and after packing, across chunks and the open tail', () => {
    const p = new PackedLines();
    const lines = many(60_000); // ~2.6 M characters: ten sealed chunks and an open tail
    p.pushAll(lines.slice(0, 25_000));
    p.push(lines[25_000]!);
    p.pushAll(lines.slice(25_001));
    expect(p.length).toBe(60_000);
    const probe = [0, 1, 5_999, 6_000, 25_000, 59_998, 59_999];
    expect(probe.map((i) => p.at(i))).toEqual(probe.map((i) => lines[i]));
    let steps = 0;
    while (p.pack(0)) {
      steps++; // one chunk per call with no time to spare: every state in between must read right
      expect(p.length).toBe(60_000);
      expect(probe.map((i) => p.at(i))).toEqual(probe.map((i) => lines[i]));
    }
    expect(steps).toBeGreaterThan(5);
    expect(p.unpacked).toBe(false);
    expect(p.slice(0)).toEqual(lines);
    expect(p.slice(59_990, 70_000)).toEqual(lines.slice(59_990));
    expect([p.at(-1), p.at(60_000), p.at(1.5)]).toEqual([undefined, undefined, undefined]);
  });

  it('keeps empty lines, including runs of them at chunk edges', () => {
    const p = new PackedLines();
    const lines = Array.from({ length: 300_000 }, (_, i) => (i % 3 ? '' : 'x')); // seals at ~256 Ki
    p.pushAll(lines);
    p.pack();
    expect(p.slice(0)).toEqual(lines);
    expect(p.lengthOf(1)).toBe(0);
    expect(p.lengthOf(3)).toBe(1);
  });

  it('stores unicode exactly: accents, CJK, emoji (surrogate pairs) and a lone CR', () => {
    const p = new PackedLines();
    const odd = ['naïve café', '日本語のログ', 'deploy 🚀 done 👍🏽', 'tab\there', 'cr\rinside', '\u0000nul'];
    const lines = [...many(10_000), ...odd, ...many(10_000)];
    p.pushAll(lines);
    p.pack();
    expect(p.slice(0)).toEqual(lines);
    expect(p.lengthOf(10_002)).toBe('deploy 🚀 done 👍🏽'.length);
  });

  it('holds very long lines whole, longer than a chunk, between short ones', () => {
    const p = new PackedLines();
    const long = 'a'.repeat(1_000_000) + 'Z';
    p.pushAll(['before', long, 'after', long]);
    p.pack();
    expect(p.length).toBe(4);
    expect(p.at(1)).toBe(long);
    expect(p.at(2)).toBe('after');
    expect(p.lengthOf(3)).toBe(1_000_001);
    expect(p.search('az', 10)).toEqual([1, 3]);
  });

  it('searches case-insensitively in sealed chunks and the open batch, within the limit', () => {
    const p = new PackedLines();
    const lines = many(30_000);
    lines[7] = 'ERROR: Disk full';
    lines[29_999] = 'error again';
    p.pushAll(lines);
    expect(p.search('error', 100)).toEqual([7, 29_999]); // all still open
    p.pack();
    expect(p.search('error', 100)).toEqual([7, 29_999]);
    expect(p.search('ERROR', 1)).toEqual([7]);
    expect(p.search('line 12345', 100)).toEqual([12_345]); // one hit per line, not per occurrence
    expect(p.search('stdout 1234', 1000)).toEqual([1234, ...Array.from({ length: 10 }, (_, i) => 12_340 + i)]);
    expect(p.search('', 10)).toEqual([]);
    expect(p.search('a\nb', 10)).toEqual([]);
  });

  it('searches a chunk whose lowering changes its length (İ lowers to two units) line by line', () => {
    const p = new PackedLines();
    const lines = many(10_000);
    lines[3] = 'İstanbul node';
    lines[4_000] = 'NODE down';
    p.pushAll(lines);
    p.pack();
    expect(p.search('node', 10)).toEqual([3, 4_000]);
  });

  it('clears everything and starts afresh', () => {
    const p = new PackedLines();
    p.pushAll(many(20_000));
    p.pack();
    p.clear();
    expect(p.length).toBe(0);
    expect(p.at(0)).toBeUndefined();
    p.push('fresh');
    expect(p.slice(0)).toEqual(['fresh']);
  });
});
