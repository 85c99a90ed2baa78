/**
 * What the first screen downloads: the JavaScript that out/renderer/index.html loads or preloads
 * (the entry and its modulepreload links). Monaco and vue-flow must stay out of it; the goal of
 * issue #12 is initial JS within 10 % of the 540 KiB before the editors came.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const INITIAL_JS_BASELINE_KIB = 540;

/** The initial JS files of a built renderer, as paths relative to its folder. */
export function initialScripts(rendererDir: string): string[] {
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) found.add(m[1]!);
  return [...found].map((f) => f.replace(/^\.?\//, ''));
}

export function benchBundle(rendererDir = 'out/renderer'): Record<string, number> {
  const files = initialScripts(rendererDir);
  const bytes = files.reduce((n, f) => n + statSync(path.join(rendererDir, f)).size, 0);
  const kib = bytes / 1024;
  return {
    initial_js_kib: kib,
    initial_js_files: files.length,
    initial_js_vs_baseline_pct: (kib / INITIAL_JS_BASELINE_KIB - 1) * 100,
  };
}
