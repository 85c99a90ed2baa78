/**
 * CMS commands sent to a workspace: a script runs in order and stops at the first failure the
 * zone reports (the rest marked not run), a reply that says nothing of how it went is "finished"
 * and does not stop it, an install refusal is told apart; one run at a time per workspace; the
 * lines sent are kept per zone and workspace across a restart (a continued line as one).
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useWorkspaceCmsStore } = await import('../../../../src-renderer/features/workspaces/cms/workspace-cms');

const w1 = { zone: 'eu-1', id: 'w1' };
const cmd = (source: string, line?: number) => ({ line, source, args: source.split(/\s+/) });
const sent = () => scripted.calls.map((c) => (c.opts.body as unknown as string[]).join(' '));

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
  scripted.calls.length = 0;
});

describe('CMS commands', () => {
  it('runs a script in order and stops at the first failure, marking the rest not run', async () => {
    scripted.answer = (c: ScriptedCall) => {
      const args = c.opts.body as unknown as string[];
      if (args[0] === 'plugin') return { exit_code: 1, stderr: 'Error: no such plugin' };
      if (args[0] === 'cache') return 'Flushed.';
      return { exit_code: 0, output: 'ok' };
    };
    const cms = useWorkspaceCmsStore();
    const run = await cms.run(w1, 'script', [
      cmd('option get blogname', 2),
      cmd('cache flush', 3),
      cmd('plugin activate nope', 4),
      cmd('option get siteurl', 5),
    ]);
    expect(run!.entries.map((e) => e.state)).toEqual(['passed', 'finished', 'failed', 'skipped']);
    expect(run!.entries[2]).toMatchObject({ exitCode: 1, line: 4 });
    expect(sent()).toEqual(['option get blogname', 'cache flush', 'plugin activate nope']);
    expect(run!.done).toBe(true);
  });

  it('tells a refused install from an error, and stops there', async () => {
    scripted.answer = () => {
      throw new AgentError({ status: 422, code: 'unprocessable', message: 'Plugin install is not allowed here.' });
    };
    const cms = useWorkspaceCmsStore();
    const run = await cms.run(w1, 'script', [cmd('plugin install akismet'), cmd('option get blogname')]);
    expect(run!.entries.map((e) => e.state)).toEqual(['refused', 'skipped']);
    scripted.answer = () => {
      throw new AgentError({ status: 500, code: 'internal', message: 'boom' });
    };
    const again = await cms.run(w1, 'line', [cmd('option get blogname')]);
    expect(again!.entries[0]).toMatchObject({ state: 'error', error: { message: 'boom' } });
  });

  it('sends nothing while a run of the same workspace is under way; another workspace may run', async () => {
    let release!: () => void;
    scripted.answer = () => new Promise((r) => (release = () => r({ exit_code: 0 })));
    const cms = useWorkspaceCmsStore();
    const first = cms.run(w1, 'line', [cmd('option get blogname')]);
    await flushPromises();
    expect(cms.running(w1)).toBe(true);
    expect(await cms.run(w1, 'line', [cmd('plugin list')])).toBeNull();
    const releaseFirst = release;
    const other = cms.run({ zone: 'eu-1', id: 'w2' }, 'line', [cmd('plugin list')]);
    await flushPromises();
    expect(sent()).toEqual(['option get blogname', 'plugin list']);
    releaseFirst();
    release();
    await Promise.all([first, other]);
    expect(cms.running(w1)).toBe(false);
  });

  it('keeps the lines sent per zone and workspace, across a restart; clearing drops finished runs only', async () => {
    scripted.answer = () => ({ exit_code: 0 });
    const cms = useWorkspaceCmsStore();
    await cms.run(w1, 'script', [cmd('option update blogname \\\n   Shop')]);
    await cms.run({ zone: 'us-1', id: 'w1' }, 'line', [cmd('plugin list')]);
    setActivePinia(createPinia());
    const after = useWorkspaceCmsStore();
    expect(after.session(w1).history).toEqual(['option update blogname Shop']);
    expect(after.session({ zone: 'us-1', id: 'w1' }).history).toEqual(['plugin list']);
    expect(after.session(w1).runs).toEqual([]);
    await after.run(w1, 'line', [cmd('plugin list')]);
    after.clear(w1);
    expect(after.session(w1).runs).toEqual([]);
  });

  it('keeps the last 40 runs of a workspace', async () => {
    scripted.answer = () => ({ exit_code: 0 });
    const cms = useWorkspaceCmsStore();
    for (let i = 0; i < 45; i++) await cms.run(w1, 'line', [cmd(`option get k${i}`)]);
    const runs = cms.session(w1).runs;
    expect(runs).toHaveLength(40);
    expect(runs[0]!.entries[0]!.source).toBe('option get k5');
  });
});
