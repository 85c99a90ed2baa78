/**
 * Files the agent writes for the person (kubeconfigs, VPN profiles), through the real stores:
 * each write is a task whose closing line names the file; an existing file is replaced only after
 * the person agreed to that exact path (a no is a cancel, not a failure); the last result per
 * cluster stays for the screen; a failed write fails its task in words.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useInfraFilesStore } = await import('../../../src-renderer/state/saved-files');
const { useTasksStore } = await import('../../../src-renderer/state/tasks');

beforeEach(() => {
  setActivePinia(createPinia());
  scripted.commands.length = 0;
});

const lastTask = () => useTasksStore().tasks.at(-1)!;
const exists = (path: string) =>
  new AgentError({ status: 409, code: 'file_exists', message: 'A file is there.', details: { path } });

describe('infra files', () => {
  it('a kubeconfig download is a task that names the file, and its result stays for the screen', async () => {
    scripted.command = () => ({
      path: '/home/me/.kube/zonedeck/eu-1-prod.yaml',
      bytes: 1234,
      exportCommand: 'export KUBECONFIG=…',
      kubectlCommand: 'kubectl …',
    });
    const files = useInfraFilesStore();
    await files.downloadKubeconfig('eu-1', 'k1', 'prod');
    expect(lastTask()).toMatchObject({
      title: 'Kubeconfig for prod',
      state: 'done',
      detail: '/home/me/.kube/zonedeck/eu-1-prod.yaml',
      zone: 'eu-1',
    });
    expect(files.resultOf('eu-1', 'k1')).toMatchObject({ kind: 'kubeconfig' });
    expect(files.resultOf('us-1', 'k1')).toBeUndefined();
  });

  it('replaces an existing file only after the person agreed to that exact path', async () => {
    const asked: string[] = [];
    scripted.command = (_c, input) => {
      if (!(input as { replace?: string }).replace) throw exists('/tmp/prod.yaml');
      return { path: '/tmp/prod.yaml', bytes: 10 };
    };
    const files = useInfraFilesStore();
    const saved = await files.saveKubeconfigAs('eu-1', 'k1', 'prod', '/tmp/prod.yaml', async (p) => {
      asked.push(p);
      return true;
    });
    expect(asked).toEqual(['/tmp/prod.yaml']);
    expect(saved?.path).toBe('/tmp/prod.yaml');
    expect(scripted.commands.map((c) => (c.input as { replace?: string }).replace)).toEqual([
      undefined,
      '/tmp/prod.yaml',
    ]);
  });

  it('a no to replacing is a cancel: nothing written, the task not failed, no result kept', async () => {
    scripted.command = () => {
      throw exists('/tmp/prod.yaml');
    };
    const files = useInfraFilesStore();
    expect(await files.saveKubeconfigAs('eu-1', 'k1', 'prod', '/tmp/prod.yaml', async () => false)).toBeNull();
    expect(scripted.commands).toHaveLength(1);
    expect(lastTask()).toMatchObject({ state: 'done', detail: 'cancelled' });
    expect(files.resultOf('eu-1', 'k1')).toBeUndefined();
  });

  it('a failed write fails its task in words', async () => {
    scripted.command = () => {
      throw new AgentError({ status: 0, code: 'io', message: 'The disk is full.' });
    };
    const files = useInfraFilesStore();
    await expect(files.saveVpnProfile('eu-1', 'g1', 'office')).rejects.toThrow('The disk is full.');
    expect(lastTask()).toMatchObject({ title: 'VPN profile for office', state: 'failed', detail: 'The disk is full.' });
  });
});
