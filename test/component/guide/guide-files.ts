/**
 * docs/adding-a-screen.md as files: each ```ts or ```vue block under a heading that names a file of
 * the walk-through's folder (`features/networking/firewalls/<file>`) becomes that file in a
 * throwaway folder beside it, and the one line for area.ts becomes a manifest there. The only
 * changes are the documented ones: firewalls are no list of the API, so their operation ids and
 * kind become public IPs', and the area line's folder becomes the throwaway one. Each must match,
 * so a guide that renamed them fails here rather than testing something else.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const GUIDE = join(ROOT, 'docs/adding-a-screen.md');
/** Gitignored; the same depth as the guide's folder, so its relative imports hold as written. */
export const DIR = join(ROOT, 'src-renderer/features/networking/guide-check');
const FOLDER = 'features/networking/firewalls/';
const AREA = 'features/networking/area.ts';

/** What the guide's code stands for → what exists today, per file (each must occur exactly once). */
const SUBSTITUTE: Record<string, [string, string][]> = {
  'firewalls.ts': [
    ["'firewalls.list'", "'publicIps.list'"],
    ["'firewalls.delete'", "'publicIps.delete'"],
    ["kind: 'firewall'", "kind: 'public_ip'"],
  ],
  'area.ts': [["'./firewalls/", "'./"]],
};

interface Block {
  /** The last `path` in backticks of the heading above the block. */
  file: string;
  lang: 'ts' | 'vue';
  code: string;
}

function guideBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let file = '';
  const re = /^(#{2,3} .*)$|^```(ts|vue)\n([\s\S]*?)^```$/gm;
  for (const m of text.matchAll(re)) {
    if (m[1]) file = [...m[1].matchAll(/`([^`]+)`/g)].map((p) => p[1]!).pop() ?? '';
    else blocks.push({ file, lang: m[2] as Block['lang'], code: m[3]! });
  }
  return blocks;
}

function substituted(name: string, code: string): string {
  let out = code;
  for (const [from, to] of SUBSTITUTE[name] ?? []) {
    const n = out.split(from).length - 1;
    if (n !== 1) throw new Error(`The guide's ${name} has ${from} ${n} times (expected once): update the guide test.`);
    out = out.replace(from, to);
  }
  return out;
}

/** Writes the guide's files into DIR; their names (the manifest is guide-area.ts). */
export function writeGuide(): string[] {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const names: string[] = [];
  for (const b of guideBlocks(readFileSync(GUIDE, 'utf8'))) {
    if (b.file.startsWith(FOLDER)) {
      const name = basename(b.file);
      writeFileSync(join(DIR, name), substituted(name, b.code));
      names.push(name);
    } else if (b.file === AREA) {
      const line = substituted('area.ts', b.code.trim());
      const manifest = [
        "import type { AreaManifest } from '../../../state/navigation';",
        '',
        "export const GUIDE_AREA: AreaManifest = { id: 'networking', title: 'Networking', about: '', sections: [",
        `  ${line}`,
        '] };',
        '',
      ].join('\n');
      writeFileSync(join(DIR, 'guide-area.ts'), manifest);
      names.push('guide-area.ts');
    }
  }
  return names;
}

/** A tsconfig of the renderer's settings over these files only (and what they import). */
export function writeTsconfig(names: string[]): string {
  const path = join(DIR, 'tsconfig.json');
  const config = {
    extends: '../../../../tsconfig.web.json',
    compilerOptions: { composite: false, incremental: false, noEmit: true },
    include: names,
  };
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

export function removeGuide(): void {
  rmSync(DIR, { recursive: true, force: true });
}
