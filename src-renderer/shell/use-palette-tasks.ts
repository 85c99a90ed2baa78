/**
 * The palette's longer commands — grab a file, open the log folder, a workspace action — and the
 * panel that says how each went. Apart from CommandPalette.vue so the quick-grab window can tell
 * when a file was written.
 */
import { ref } from 'vue';
import { useInfraFilesStore, type FileResult } from '../state/saved-files';
import { useAppStore } from '../state/app';
import { runWorkspaceAction, workspaceActionWords } from '../features/workspaces';
import type { PaletteAction } from './palette-entries';
import { toErrorData } from '../lib/errors';
import type { AgentErrorData } from '@contract/errors';
import type { LogFolderResult } from '@contract/commands';

export interface PaletteTask {
  title: string;
  busy: boolean;
  result?: FileResult;
  error?: AgentErrorData;
  logFolder?: LogFolderResult;
  link?: string;
}

export function usePaletteTasks() {
  const files = useInfraFilesStore();
  const app = useAppStore();
  const task = ref<PaletteTask | null>(null);

  /** Resolves true when the file was written. */
  async function runGrab(a: Extract<PaletteAction, { kind: 'grab' }>): Promise<boolean> {
    const what = a.what === 'cluster' ? 'kubeconfig' : 'VPN profile';
    task.value = { title: `Writing the ${what} of ${a.name}…`, busy: true };
    try {
      if (a.what === 'cluster') {
        const saved = await files.downloadKubeconfig(a.zone, a.id, a.name);
        task.value = { title: `Kubeconfig of ${a.name}`, busy: false, result: { kind: 'kubeconfig', saved } };
        return true;
      }
      const saved = await files.saveVpnProfile(a.zone, a.id, a.name);
      task.value = {
        title: `VPN profile of ${a.name}`,
        busy: false,
        ...(saved ? { result: { kind: 'file', saved, what: 'VPN profile' } as FileResult } : {}),
      };
      return saved !== null;
    } catch (e) {
      task.value = { title: `Could not write the ${what} of ${a.name}`, busy: false, error: toErrorData(e) };
      return false;
    }
  }

  async function openLogFolder(): Promise<void> {
    task.value = { title: 'Opening the log folder…', busy: true };
    try {
      const r = await app.openLogFolder();
      task.value = { title: r.opened ? 'Log folder opened' : 'The log folder', busy: false, logFolder: r };
    } catch (e) {
      task.value = { title: 'Could not find the log folder', busy: false, error: toErrorData(e) };
    }
  }

  async function runWorkspace(a: Extract<PaletteAction, { kind: 'workspace' }>): Promise<void> {
    const w = workspaceActionWords(a.run, a.workspace.name);
    task.value = { title: w.busy, busy: true };
    try {
      task.value = { ...(await runWorkspaceAction(a.run, a.workspace)), busy: false };
    } catch (e) {
      task.value = { title: w.failed, busy: false, error: toErrorData(e) };
    }
  }

  return { task, runGrab, openLogFolder, runWorkspace };
}
