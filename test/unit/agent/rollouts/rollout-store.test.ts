/** Rollouts on disk: one owner-only file each, written whole; a file that is not a rollout is skipped. */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rollout } from '../../../../src-main/contract/commands-rollouts';
import { silentLogger } from '../../../../src-main/agent/log';
import { RolloutStore } from '../../../../src-main/agent/rollouts/rollout-store';
import { lineDiff } from '../../../../src-main/agent/rollouts/line-diff';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const rollout = (id: string, createdAt: string): Rollout => ({
  id,
  createdAt,
  updatedAt: createdAt,
  workflowName: 'triage',
  spec: { nodes: [] },
  plan: { source: { zone: 'z', workflowId: 'w', version: 2 }, stages: [] },
  status: 'running',
  stage: 0,
  targets: [],
});

describe('the rollout store', () => {
  it('keeps one 0600 file per rollout, the last save winning, and reads them back oldest first', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-rollouts-'));
    dirs.push(dir);
    const store = new RolloutStore(dir, silentLogger);
    const a = rollout('aaaaaaaa-1', '2026-01-02T00:00:00Z');
    const b = rollout('bbbbbbbb-2', '2026-01-01T00:00:00Z');
    void store.save(a);
    await store.save({ ...a, status: 'paused' });
    await store.save(b);
    writeFileSync(path.join(dir, 'rollouts', 'junk.json'), '{"not":"a rollout"}');
    writeFileSync(path.join(dir, 'rollouts', 'cccccccc-3.json'), 'not json');
    const files = readdirSync(path.join(dir, 'rollouts')).filter((n) => !n.startsWith('.'));
    expect(files.sort()).toEqual(['aaaaaaaa-1.json', 'bbbbbbbb-2.json', 'cccccccc-3.json', 'junk.json']);
    expect(statSync(store.fileOf(a.id)).mode & 0o777).toBe(0o600);
    const loaded = new RolloutStore(dir, silentLogger).loadAll();
    expect(loaded.map((r) => [r.id, r.status])).toEqual([
      ['bbbbbbbb-2', 'running'],
      ['aaaaaaaa-1', 'paused'],
    ]);
    expect(() => store.fileOf('../escape')).toThrow(/not a rollout id/);
  });

  it('diffs two specs by line', () => {
    const before = { nodes: [{ id: 'a', prompt: 'old' }] };
    const after = { nodes: [{ id: 'a', prompt: 'new' }] };
    expect(lineDiff(before, after)).toEqual(['-       "prompt": "old"', '+       "prompt": "new"']);
    expect(lineDiff(undefined, { x: 1 })).toEqual(['+ {', '+   "x": 1', '+ }']);
  });
});
