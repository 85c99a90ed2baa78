/**
 * The built renderer's first download holds neither Monaco nor vue-flow: both load with the screen
 * that needs them. Checked on the build the end-to-end tests run against.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialScripts } from '../bench/bundle';

const DIR = process.env.ZONEDECK_RENDERER_DIR ?? fileURLToPath(new URL('../../out/renderer', import.meta.url));

describe('initial bundle', () => {
  const files = initialScripts(DIR);
  const text = files.map((f) => readFileSync(path.join(DIR, f), 'utf8')).join('\n');

  it('is found in index.html', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  it('is a small entry and the app’s chunk, preloaded beside it (#39)', () => {
    const html = readFileSync(path.join(DIR, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*\ssrc="\.\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    // The entry opens the agent's socket before the app is compiled: Vue is not in it.
    expect(readFileSync(path.join(DIR, entry!), 'utf8').length).toBeLessThan(32 * 1024);
    const preloaded = files.filter((f) => f !== entry);
    expect(preloaded.some((f) => /createApp|__VUE/.test(readFileSync(path.join(DIR, f), 'utf8')))).toBe(true);
  });
  it('keeps the editors and the graph out', () => {
    expect(text).not.toMatch(/monaco-editor|IStandaloneCodeEditor|editor\.worker/);
    expect(text).not.toMatch(/vue-flow__|VueFlow/);
    expect(text).not.toMatch(/dagre/i);
  });
});
