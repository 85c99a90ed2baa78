/**
 * Restore and migrate, and the one recovery the zone's refusal calls for: stop the VM the disk
 * is attached to (named in the 409 body), wait until it is stopped, then migrate again.
 */
import { agent, AgentError } from '../../../agent';
import { useTasksStore } from '../../../stores/tasks';
import { isRecord, pick, recordOf, stateOf } from '../../../lib/tolerant';
import type { RestoreResult } from '@contract/records';

export interface RunningVm {
  id: string;
  /** 'container' | 'microvm' as the zone named it. */
  kind: string;
}

/** The VM named by a "disk attached to a running VM" refusal, or null for any other error. */
export function runningVmOf(e: unknown): RunningVm | null {
  if (!(e instanceof AgentError) || e.status !== 409) return null;
  const d = e.details ?? {};
  const id = typeof d.instance_id === 'string' ? d.instance_id : undefined;
  if (!id && e.code !== 'disk_attached_to_running_vm') return null;
  return { id: id ?? '', kind: typeof d.instance_kind === 'string' ? d.instance_kind : 'microvm' };
}

/** containers.* or microvms.* for a kind word. */
export function computeArea(kind: string): 'containers' | 'microvms' {
  return /container/i.test(kind) ? 'containers' : 'microvms';
}

export function kindLabel(kind: string): string {
  return computeArea(kind) === 'containers' ? 'container' : 'microVM';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useDiskActions(zone: () => string) {
  const tasks = useTasksStore();

  async function restore(diskId: string, snapshot: string): Promise<RestoreResult> {
    return agent.call(zone(), 'disks.snapshots.restore', { params: { id: diskId, name: snapshot } });
  }

  async function migrate(diskId: string, hostId: string): Promise<void> {
    await agent.call(zone(), 'disks.migrate', { params: { id: diskId }, body: { target_host_id: hostId } });
  }

  async function vmName(vm: RunningVm): Promise<string> {
    const raw = await agent.call(zone(), `${computeArea(vm.kind)}.get`, { params: { id: vm.id } }).catch(() => null);
    return (isRecord(raw) && pick(raw, 'name', 'display_name')) || vm.id;
  }

  /** Stops the VM (a task with its state), then migrates. */
  async function stopThenMigrate(vm: RunningVm, name: string, diskId: string, hostId: string): Promise<void> {
    const area = computeArea(vm.kind);
    await tasks.track(`Stop ${name}, then migrate the disk`, async (t) => {
      await agent.call(zone(), `${area}.stop`, { params: { id: vm.id } });
      const end = Date.now() + 120_000;
      for (;;) {
        const raw = await agent.call(zone(), `${area}.get`, { params: { id: vm.id } });
        const state = stateOf(recordOf(raw));
        t.update({ detail: state ?? '', progress: state === 'stopped' ? 0.8 : 0.4 });
        if (state === 'stopped') break;
        if (Date.now() > end) throw new Error(`${name} did not stop within two minutes.`);
        await sleep(400);
      }
      await migrate(diskId, hostId);
    }, zone());
  }

  return { restore, migrate, vmName, stopThenMigrate };
}
