import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeFileAtomic } from '../../../src-main/agent/files/atomic-write';
import { mergeIntoKubeconfig } from '../../../src-main/agent/files/kubeconfig-files';
import { DOWNLOADED, INVALID, KUBECTL_STYLE, RICH, SECOND_FILE } from '../../support/kubeconfigs';
import { kubectl } from './kubectl';

type Entry = { name: string; [k: string]: unknown };
type Kc = Record<string, unknown>;
const LISTS = ['clusters', 'users', 'contexts'] as const;
const NOW = new Date(2024, 4, 6, 7, 8, 9);
const ZONE = 'eu-1';
const NAME = 'eu-1-prod';
const posix = process.platform !== 'win32';

let home: string;
let kubeDir: string;
let config: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'zd-merge-'));
  kubeDir = join(home, '.kube');
  mkdirSync(kubeDir, { mode: 0o700 });
  config = join(kubeDir, 'config');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const modeOf = (p: string) => statSync(p).mode & 0o777;
const list = (kc: Kc, key: string) => (kc[key] ?? []) as Entry[];
const named = (kc: Kc, key: string, name: string) => list(kc, key).filter((e) => e.name === name);
const comments = (text: string) => text.match(/#\s[^\n]*/g) ?? [];

function merge(extra: { setCurrent?: boolean; env?: NodeJS.ProcessEnv; content?: string } = {}) {
  return mergeIntoKubeconfig({
    env: extra.env ?? {},
    home,
    zone: ZONE,
    cluster: 'prod',
    content: extra.content ?? DOWNLOADED,
    setCurrent: extra.setCurrent ?? false,
    now: NOW,
  });
}

/** Everything that was there is still there, deep-equal; the new entries point at each other. */
function expectPreservedAndAdded(beforeText: string, afterText: string) {
  const before = (parse(beforeText) ?? {}) as Kc;
  const after = parse(afterText) as Kc;
  for (const key of LISTS) {
    for (const e of list(before, key)) expect(named(after, key, e.name), `${key}/${e.name}`).toEqual([e]);
    expect(named(after, key, NAME)).toHaveLength(1);
  }
  for (const [key, value] of Object.entries(before)) {
    if (!(LISTS as readonly string[]).includes(key) && key !== 'current-context')
      expect(after[key], key).toEqual(value);
  }
  for (const c of comments(beforeText)) expect(afterText).toContain(c);
  expect(named(after, 'contexts', NAME)[0]?.context).toEqual({ cluster: NAME, user: NAME, namespace: 'kube-system' });
  expect((named(after, 'clusters', NAME)[0]?.cluster as Kc).server).toBe('https://10.0.0.1:6443');
  expect((named(after, 'users', NAME)[0]?.user as Kc)['client-key-data']).toBe('S0VZ');
  return { before, after };
}

/** kubectl reads the file and lists the new context (skipped loudly when kubectl is missing). */
function expectKubectlAccepts(file: string | null, env: NodeJS.ProcessEnv = {}, context: string = NAME) {
  const flag = file ? ['--kubeconfig', file] : [];
  const view = kubectl(['config', 'view', ...flag], { HOME: home, ...env });
  if (!view) return;
  expect(view.status, view.stderr).toBe(0);
  const contexts = kubectl(['config', 'get-contexts', '-o', 'name', ...flag], { HOME: home, ...env });
  expect(contexts?.status, contexts?.stderr).toBe(0);
  expect(contexts?.stdout.split('\n')).toContain(context);
}

describe.each([
  ['a rich hand-edited kubeconfig', RICH],
  ['a kubectl-written kubeconfig', KUBECTL_STYLE],
])('merging into %s', (_label, original) => {
  beforeEach(() => writeFileSync(config, original, { mode: 0o600 }));

  it('keeps every existing entry, key and comment, adds the renamed cluster and backs up first', async () => {
    const res = await merge();
    expect(res).toEqual({
      target: config,
      backup: `${config}.zonedeck-backup-20240506-070809`,
      context: NAME,
      replaced: false,
    });
    const text = readFileSync(config, 'utf8');
    const { before, after } = expectPreservedAndAdded(original, text);
    expect(after['current-context']).toBe(before['current-context']);
    expect(readFileSync(res.backup as string)).toEqual(Buffer.from(original));
    if (posix) {
      expect(modeOf(config)).toBe(0o600);
      expect(modeOf(res.backup as string)).toBe(0o600);
    }
    expect(readdirSync(kubeDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expectKubectlAccepts(config);
  });

  it('replaces on re-download, sets current-context only when asked, keeps each backup', async () => {
    const first = await merge();
    const second = await merge({ setCurrent: true });
    expect(second.replaced).toBe(true);
    expect(second.backup).toBe(`${first.backup}-2`);
    const text = readFileSync(config, 'utf8');
    const { after } = expectPreservedAndAdded(original, text);
    for (const key of LISTS) expect(list(after, key)).toHaveLength(list(parse(original) as Kc, key).length + 1);
    expect(after['current-context']).toBe(NAME);
    expect(readFileSync(first.backup as string, 'utf8')).toBe(original);
    expectKubectlAccepts(config);
    const current = kubectl(['config', 'current-context', '--kubeconfig', config], { HOME: home });
    if (current) expect(current.stdout.trim()).toBe(NAME);
  });
});

describe('merging without an existing kubeconfig', () => {
  it.each([
    ['a missing file', null],
    ['an empty file', ''],
  ])('creates a valid kubeconfig from %s', async (_label, content) => {
    rmSync(kubeDir, { recursive: true });
    if (content !== null) {
      mkdirSync(kubeDir);
      writeFileSync(config, content);
    }
    const res = await merge({ setCurrent: true });
    expect(res.backup).toBe(content === null ? null : `${config}.zonedeck-backup-20240506-070809`);
    const kc = parse(readFileSync(config, 'utf8')) as Kc;
    expect(kc).toMatchObject({ apiVersion: 'v1', kind: 'Config', 'current-context': NAME });
    if (posix) {
      expect(modeOf(config)).toBe(0o600);
      if (content === null) expect(modeOf(kubeDir)).toBe(0o700);
    }
    expectKubectlAccepts(config);
  });
});

describe('KUBECONFIG with two files', () => {
  it('merges into the first and leaves the second byte-identical', async () => {
    const a = join(home, 'a.yaml');
    const b = join(home, 'b.yaml');
    writeFileSync(a, RICH, { mode: 0o600 });
    writeFileSync(b, SECOND_FILE, { mode: 0o600 });
    const env = { KUBECONFIG: `${a}${delimiter}${b}` };
    const res = await merge({ env });
    expect(res.target).toBe(a);
    expectPreservedAndAdded(RICH, readFileSync(a, 'utf8'));
    expect(readFileSync(b, 'utf8')).toBe(SECOND_FILE);
    expect(existsSync(config)).toBe(false);
    expectKubectlAccepts(a);
    expectKubectlAccepts(null, env);
    const all = kubectl(['config', 'get-contexts', '-o', 'name'], { HOME: home, ...env });
    if (all) expect(all.stdout.split('\n')).toEqual(expect.arrayContaining(['dev', 'prod', 'second', NAME]));
  });
});

describe('failures leave the kubeconfig intact', () => {
  const files = () => readdirSync(kubeDir).sort();

  it('refuses invalid YAML without a backup or any change', async () => {
    writeFileSync(config, INVALID, { mode: 0o600 });
    await expect(merge()).rejects.toMatchObject({
      code: 'invalid_kubeconfig',
      message: expect.stringContaining(config),
    });
    expect(readFileSync(config, 'utf8')).toBe(INVALID);
    expect(files()).toEqual(['config']);
  });

  it('refuses a broken download without touching the file', async () => {
    writeFileSync(config, RICH, { mode: 0o600 });
    await expect(merge({ content: '<html>Bad Gateway</html>' })).rejects.toMatchObject({ code: 'invalid_kubeconfig' });
    expect(readFileSync(config, 'utf8')).toBe(RICH);
    expect(files()).toEqual(['config']);
  });

  it('keeps the old file when the process "crashes" between the temp write and the rename', async () => {
    writeFileSync(config, RICH, { mode: 0o600 });
    const crash = async () => {
      throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
    };
    await expect(
      mergeIntoKubeconfig({
        env: {},
        home,
        zone: 'eu-1',
        cluster: 'prod',
        content: DOWNLOADED,
        now: NOW,
        rename: crash,
      }),
    ).rejects.toMatchObject({ code: 'file_write_failed' });
    expect(readFileSync(config, 'utf8')).toBe(RICH);
    // The backup made before the attempt stays; no temp file is left.
    expect(files()).toEqual(['config', 'config.zonedeck-backup-20240506-070809']);
    expectKubectlAccepts(config, {}, 'dev');
  });

  it('keeps the old file when a streamed write of it breaks off', async () => {
    writeFileSync(config, RICH, { mode: 0o600 });
    async function* cutOff(): AsyncGenerator<Uint8Array> {
      yield Buffer.from(KUBECTL_STYLE.slice(0, 40));
      throw new Error('connection reset');
    }
    await expect(writeFileAtomic(config, cutOff())).rejects.toMatchObject({ code: 'file_write_failed' });
    expect(readFileSync(config, 'utf8')).toBe(RICH);
    expect(files()).toEqual(['config']);
    expectKubectlAccepts(config, {}, 'dev');
  });
});

describe.runIf(posix)('modes and links', () => {
  it('narrows a 0644 kubeconfig to 0600', async () => {
    writeFileSync(config, KUBECTL_STYLE);
    chmodSync(config, 0o644);
    await merge();
    expect(modeOf(config)).toBe(0o600);
  });

  it('refuses to rewrite a read-only (0400) kubeconfig, as kubectl does, and says why', async () => {
    writeFileSync(config, KUBECTL_STYLE);
    chmodSync(config, 0o400);
    await expect(merge()).rejects.toMatchObject({ code: 'file_read_only', message: /read-only \(mode 0400\)/ });
    expect(readFileSync(config, 'utf8')).toBe(KUBECTL_STYLE);
    expect(modeOf(config)).toBe(0o400);
    expect(readdirSync(kubeDir).sort()).toEqual(['config']); // no backup, no temp file, no lock left
  });

  it('writes through a symlinked ~/.kube/config instead of replacing the link', async () => {
    const real = join(home, 'dotfiles-kubeconfig');
    writeFileSync(real, KUBECTL_STYLE, { mode: 0o600 });
    symlinkSync(real, config);
    const res = await merge();
    expect(res.target).toBe(real);
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
    expectPreservedAndAdded(KUBECTL_STYLE, readFileSync(real, 'utf8'));
  });
});
