/**
 * Merges take kubectl's own lock (<kubeconfig>.lock): another program's write is never lost
 * between our read and our rename, whether it is kubectl or a second Zonedeck process.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mergeIntoKubeconfig } from '../../../src-main/agent/files/kubeconfig-files';
import { DOWNLOADED, KUBECTL_STYLE } from '../../support/kubeconfigs';
import { kubectl } from './kubectl';

let home: string;
let config: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'zd-lock-'));
  mkdirSync(join(home, '.kube'), { mode: 0o700 });
  config = join(home, '.kube', 'config');
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const contexts = () =>
  (parse(readFileSync(config, 'utf8')) as { contexts: { name: string }[] }).contexts.map((c) => c.name);
const merge = (cluster: string, lockWaitMs?: number) =>
  mergeIntoKubeconfig({
    env: {},
    home,
    zone: 'eu-1',
    cluster,
    content: DOWNLOADED,
    ...(lockWaitMs ? { lockWaitMs } : {}),
  });

describe('the kubeconfig lock', () => {
  it('waits while another program holds the lock and keeps what it wrote meanwhile', async () => {
    writeFileSync(config, KUBECTL_STYLE, { mode: 0o600 });
    writeFileSync(`${config}.lock`, '');
    const pending = merge('a');
    await new Promise((r) => setTimeout(r, 300));
    // The other program finishes its own write, then lets go.
    const theirs = parse(KUBECTL_STYLE) as { contexts: { name: string; context: unknown }[] };
    theirs.contexts.push({ name: 'theirs', context: theirs.contexts[0]!.context });
    writeFileSync(config, JSON.stringify(theirs));
    rmSync(`${config}.lock`);
    await pending;
    expect(contexts()).toEqual(expect.arrayContaining(['theirs', 'eu-1-a']));
    expect(existsSync(`${config}.lock`)).toBe(false);
  });

  it('gives up with a clear error when the lock stays, and touches nothing', async () => {
    writeFileSync(config, KUBECTL_STYLE, { mode: 0o600 });
    writeFileSync(`${config}.lock`, '');
    await expect(merge('a', 200)).rejects.toMatchObject({ code: 'file_locked', message: /config\.lock exists/ });
    expect(readFileSync(config, 'utf8')).toBe(KUBECTL_STYLE);
    expect(existsSync(`${config}.lock`)).toBe(true); // not ours to remove
  });

  it('is the lock kubectl itself honours', () => {
    writeFileSync(config, KUBECTL_STYLE, { mode: 0o600 });
    writeFileSync(`${config}.lock`, '');
    const run = kubectl(['config', 'set-context', 'x', '--cluster=kind-kind'], { HOME: home });
    if (!run) return;
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/lock/i);
    expect(readFileSync(config, 'utf8')).toBe(KUBECTL_STYLE);
  });

  it('two processes merging into one file at once lose nothing', async () => {
    writeFileSync(config, KUBECTL_STYLE, { mode: 0o600 });
    const worker = join(import.meta.dirname, 'merge-worker.ts');
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const run = (zone: string) =>
      new Promise<void>((resolve, reject) => {
        const p = spawn(tsx, [worker, home, zone, '8'], { stdio: ['ignore', 'ignore', 'pipe'] });
        let err = '';
        p.stderr.on('data', (d: Buffer) => (err += d.toString()));
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${zone} exited ${code}: ${err}`))));
      });
    await Promise.all([run('za'), run('zb')]);
    const names = contexts();
    for (const z of ['za', 'zb']) for (let i = 0; i < 8; i++) expect(names).toContain(`${z}-c${i}`);
    expect(names).toContain('kind-kind');
    expect(existsSync(`${config}.lock`)).toBe(false);
  }, 60_000);
});
