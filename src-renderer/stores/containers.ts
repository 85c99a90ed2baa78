/** Containers per zone, read tolerantly; each zone keeps its own list, state and error. */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { agent, AgentError } from '../agent';
import { listOf, toContainerRow, type ContainerRow } from '../lib/tolerant';
import type { AgentErrorData } from '../../src-main/contract/errors';

export interface ZoneList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A reload of a list already shown: rows stay, a quiet indicator instead of skeletons. */
  refreshing: boolean;
  rows: ContainerRow[];
  error: AgentErrorData | null;
  loadedAt: number | null;
}

function empty(): ZoneList {
  return { status: 'idle', refreshing: false, rows: [], error: null, loadedAt: null };
}

export const useContainersStore = defineStore('containers', () => {
  const byZone = reactive<Record<string, ZoneList>>({});

  function of(zone: string): ZoneList {
    return byZone[zone] ?? empty();
  }

  async function load(zone: string): Promise<void> {
    // Read back through the reactive map: the object assigned is not the proxy that tracks changes.
    if (!byZone[zone]) byZone[zone] = empty();
    const entry = byZone[zone]!;
    // Keep showing the old rows during a refresh: no layout jump, no flash of skeletons.
    if (entry.status === 'ready') entry.refreshing = true;
    else entry.status = 'loading';
    try {
      const data = await agent.call(zone, 'containers.list');
      entry.rows = listOf(data).map(toContainerRow);
      entry.status = 'ready';
      entry.error = null;
      entry.loadedAt = Date.now();
    } catch (e) {
      entry.status = 'error';
      entry.error = e instanceof AgentError ? e.toJSON() : { status: 0, code: 'internal_error', message: String(e) };
    } finally {
      entry.refreshing = false;
    }
  }

  /** Forget a zone's list (signed out or removed): it must not linger for the next person. */
  function drop(zone: string): void {
    delete byZone[zone];
  }

  return { byZone, of, load, drop };
});
