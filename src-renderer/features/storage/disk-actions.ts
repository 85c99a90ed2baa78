/**
 * Restore and migrate a disk, and the one recovery the zone's refusal calls for: stop the VM the
 * disk is attached to (named in the 409 body), wait until the zone says it stopped, then migrate.
 */
import { AgentError } from '@contract/errors';
import { normalWord } from '@contract/state-vocabulary';
import type { RestoreResult } from '@contract/records';
import { agent } from '../../agent';
import { defineResource, resources, storedReader } from '../../data';
import { recordOf } from '../../lib/tolerant';
import { attachedDisksChanged } from './disks';
import { refusedByVm } from './shapes/disk-refusal';
import { useTasksStore } from '../../state/tasks';

export interface RunningVm {
  id: string;
  /** 'container' | 'microvm' as the zone named it. */
  kind: string;
}

/** The VM named by a "disk attached to a running VM" refusal, or null for any other error. */
export function runningVmOf(e: unknown): RunningVm | null {
  if (!(e instanceof AgentError) || e.status !== 409) return null;
  const vm = refusedByVm(e.details);
  if (!vm.id && e.code !== 'disk_attached_to_running_vm') return null;
  return { id: vm.id ?? '', kind: vm.kind ?? 'microvm' };
}

/** containers.* or microvms.* for a kind word. */
export function computeArea(kind: string): 'containers' | 'microvms' {
  return /container/i.test(kind) ? 'containers' : 'microvms';
}

/** The zone's dictionary's kind for an area: its reader reads the VM's name and state. */
const recordKind = (area: 'containers' | 'microvms') => (area === 'containers' ? 'container' : 'microvm');

/** The VM's field read by the zone's dictionary for its kind (the name, the state), in the zone's words. */
function vmRead(
  zone: string,
  area: 'containers' | 'microvms',
  raw: unknown,
  role: 'name' | 'state',
): string | undefined {
  return storedReader(zone, recordKind(area), raw)[role](raw);
}

export function kindLabel(kind: string): string {
  return computeArea(kind) === 'containers' ? 'container' : 'microVM';
}

interface VmRef {
  zone: string;
  area: 'containers' | 'microvms';
  id: string;
}

/** A VM's state word, watched only while a stop is awaited (hence the steady pace). */
const vmState = defineResource<string, VmRef>({
  name: 'disks.vmState',
  zone: (v) => v.zone,
  parts: (v) => [v.area, v.id],
  poll: 400,
  fetch: async (v, { signal }) =>
    vmRead(
      v.zone,
      v.area,
      recordOf(await agent.call(v.zone, `${v.area}.get`, { signal, params: { id: v.id } })),
      'state',
    ) ?? '',
});

export function restoreSnapshot(zone: string, diskId: string, snapshot: string): Promise<RestoreResult> {
  return agent.call(zone, 'disks.snapshots.restore', { params: { id: diskId, name: snapshot } });
}

export async function migrateDisk(zone: string, diskId: string, hostId: string): Promise<void> {
  try {
    await agent.call(zone, 'disks.migrate', { params: { id: diskId }, body: { target_host_id: hostId } });
  } finally {
    attachedDisksChanged(zone);
  }
}

/** The VM's name for the refusal, or its id when it cannot be read. */
export async function vmName(zone: string, vm: RunningVm): Promise<string> {
  const area = computeArea(vm.kind);
  const raw = await agent.call(zone, `${area}.get`, { params: { id: vm.id } }).catch(() => null);
  return (raw !== null && vmRead(zone, area, recordOf(raw), 'name')) || vm.id;
}

/** Stops the VM (a task with its state), waits until it is stopped, then migrates. */
export async function stopThenMigrate(
  zone: string,
  vm: RunningVm,
  name: string,
  diskId: string,
  hostId: string,
): Promise<void> {
  const area = computeArea(vm.kind);
  await useTasksStore().track(
    `Stop ${name}, then migrate the disk`,
    async (t) => {
      try {
        await agent.call(zone, `${area}.stop`, { params: { id: vm.id } });
      } finally {
        // Compute's screens of this VM read it again.
        resources.invalidate({ zone, name: `${area}.list` });
        resources.invalidate({ zone, name: `${area}.get` });
      }
      await resources
        .until(
          vmState,
          { zone, area, id: vm.id },
          (state) => {
            // `stopped`, `Stopped`, `STOPPED`: the word in any case the zone writes it.
            const stopped = normalWord(state) === 'stopped';
            t.update({ detail: state, progress: stopped ? 0.8 : 0.4 });
            return stopped;
          },
          120_000,
        )
        .catch((e: unknown) => {
          throw e instanceof AgentError ? e : new Error(`${name} did not stop within two minutes.`);
        });
      await migrateDisk(zone, diskId, hostId);
    },
    zone,
  );
}
