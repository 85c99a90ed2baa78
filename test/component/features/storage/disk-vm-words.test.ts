/**
 * The VM a refused migration names, in the zone's words: its name read by the zone's dictionary
 * (a `display_name`, a Kubernetes-style `metadata.name`, not only `name`), and the stop awaited
 * until the zone says stopped in whatever case it writes the word; the migrate body the spec fixes.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { stopThenMigrate, vmName } = await import('../../../../src-renderer/features/storage/disk-actions');
const { resources } = await import('../../../../src-renderer/data');
const { useTasksStore } = await import('../../../../src-renderer/state/tasks');

beforeEach(() => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  resources.dropZone('eu-1');
});

describe('the VM a refused migration names', () => {
  it('is named as the zone names its records, else by its id', async () => {
    scripted.answer = () => ({ id: 'vm1', name: 'web-1', status: 'running' });
    expect(await vmName('eu-1', { id: 'vm1', kind: 'container' })).toBe('web-1');
    scripted.answer = () => ({ uuid: 'vm1', display_name: 'web-2', state: 'running' });
    expect(await vmName('eu-1', { id: 'vm1', kind: 'microvm' })).toBe('web-2');
    scripted.answer = () => ({
      kind: 'MicroVM',
      metadata: { name: 'web-3', uid: 'vm1' },
      spec: { image: 'nginx' },
      status: { phase: 'Running' },
    });
    expect(await vmName('eu-1', { id: 'vm1', kind: 'microvm' })).toBe('web-3');
    scripted.answer = () => {
      throw new Error('gone');
    };
    expect(await vmName('eu-1', { id: 'vm1', kind: 'microvm' })).toBe('vm1');
    expect(scripted.calls.map((c) => c.op)).toEqual(['containers.get', 'microvms.get', 'microvms.get', 'microvms.get']);
  });

  it('is stopped, awaited until the zone says Stopped in its own case, then the disk migrates', async () => {
    vi.useFakeTimers();
    let gets = 0;
    scripted.answer = (c: ScriptedCall) =>
      c.op === 'microvms.get' ? { uuid: 'vm1', display_name: 'web', state: gets++ < 1 ? 'Stopping' : 'Stopped' } : {};
    const done = stopThenMigrate('eu-1', { id: 'vm1', kind: 'microvm' }, 'web', 'd1', 'h2');
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(scripted.calls.map((c) => c.op)).toEqual(['microvms.stop', 'microvms.get', 'microvms.get', 'disks.migrate']);
    expect(scripted.calls.at(-1)!.opts).toMatchObject({ params: { id: 'd1' }, body: { target_host_id: 'h2' } });
    expect(useTasksStore().tasks[0]).toMatchObject({ state: 'done' });
  });
});
