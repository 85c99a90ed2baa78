/**
 * Files the agent wrote for the person (kubeconfigs, VPN profiles): the paths it uses, and the
 * last result per cluster or gateway so the path and commands stay on screen after navigating.
 * Every write runs as a task (status bar + notification); the file content never comes here.
 */
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import { agent } from '../agent';
import { useTasksStore, type TaskHandle } from './tasks';
import { useSettingsStore } from './settings';
import type { FileSaved, InfraFileInfo, KubeconfigMerged, KubeconfigSaved } from '@contract/commands-infra';
import { AgentError } from '@contract/errors';

export type FileResult =
  | { kind: 'kubeconfig'; saved: KubeconfigSaved }
  | { kind: 'merged'; merged: KubeconfigMerged }
  | { kind: 'file'; saved: FileSaved; what: string };

/** The path the agent refused to replace without a confirmation, if that is what `e` says. */
function existingFile(e: unknown): string | undefined {
  if (!(e instanceof AgentError) || e.code !== 'file_exists') return undefined;
  const p = e.details?.path;
  return typeof p === 'string' ? p : undefined;
}

export const useInfraFilesStore = defineStore('infra-files', () => {
  const tasks = useTasksStore();
  const info = ref<InfraFileInfo | null>(null);
  const results = reactive<Record<string, FileResult>>({});
  const key = (zone: string, id: string) => `${zone}|${id}`;

  async function loadInfo(): Promise<InfraFileInfo> {
    info.value ??= await agent.invoke('infra.files', {});
    return info.value;
  }

  function resultOf(zone: string, id: string): FileResult | undefined {
    return results[key(zone, id)];
  }

  /**
   * The path a person is typing for Save as…, per cluster (undefined: the field is closed): kept
   * here, not in the panel, so a details pane drawn again (its list read again) keeps it open.
   */
  const typedPaths = reactive<Record<string, string>>({});
  function typedPath(zone: string, id: string): string | undefined {
    return typedPaths[key(zone, id)];
  }
  function setTypedPath(zone: string, id: string, path: string | undefined): void {
    if (path === undefined) delete typedPaths[key(zone, id)];
    else typedPaths[key(zone, id)] = path;
  }

  /**
   * One write, run as the task `title` whose closing line names the file (`where`), so the
   * notification says where it went; what `keep` makes of the result stays on screen for (zone, id).
   */
  async function write<T>(
    zone: string,
    id: string,
    title: string,
    work: () => Promise<T>,
    where: (r: T) => string,
    keep: (r: T) => FileResult | null,
  ): Promise<T> {
    const r = await tasks.track(
      title,
      async (t: TaskHandle) => {
        const done = await work();
        t.update({ detail: where(done) });
        return done;
      },
      zone,
    );
    const kept = keep(r);
    if (kept) results[key(zone, id)] = kept;
    return r;
  }

  const downloadKubeconfig = (zone: string, id: string, name: string): Promise<KubeconfigSaved> =>
    write(
      zone,
      id,
      `Kubeconfig for ${name}`,
      () => agent.invoke('kubeconfig.save', { zone, clusterId: id, clusterName: name }),
      (r) => r.path,
      (saved) => ({ kind: 'kubeconfig', saved }),
    );

  const mergeKubeconfig = (zone: string, id: string, name: string, setCurrent: boolean): Promise<KubeconfigMerged> =>
    write(
      zone,
      id,
      `Merge ${name} into kubeconfig`,
      () => agent.invoke('kubeconfig.merge', { zone, clusterId: id, clusterName: name, setCurrent }),
      (r) => r.target,
      (merged) => ({ kind: 'merged', merged }),
    );

  /**
   * Save as: an existing file is replaced only after `confirmReplace` said yes to its exact path
   * (the agent names it); a no is a cancel, not a failure.
   */
  function saveKubeconfigAs(
    zone: string,
    id: string,
    name: string,
    path?: string,
    confirmReplace?: (file: string) => Promise<boolean>,
  ): Promise<FileSaved | null> {
    const attempt = (replace?: string) =>
      agent.invoke('kubeconfig.saveAs', {
        zone,
        clusterId: id,
        clusterName: name,
        ...(path ? { path } : {}),
        ...(replace ? { replace } : {}),
      });
    const askingFirst = async (): Promise<FileSaved | null> => {
      try {
        return await attempt();
      } catch (e) {
        const file = existingFile(e);
        if (!file || !confirmReplace) throw e;
        return (await confirmReplace(file)) ? attempt(file) : null;
      }
    };
    return write(
      zone,
      id,
      `Save kubeconfig of ${name}`,
      askingFirst,
      (r) => r?.path ?? 'cancelled',
      (saved) => saved && { kind: 'file', saved, what: 'Kubeconfig' },
    );
  }

  function saveVpnProfile(
    zone: string,
    id: string,
    name: string,
    opts: { dir?: string; pick?: boolean } = {},
  ): Promise<FileSaved | null> {
    // No folder given or picked: the default download folder from Settings, if one is set.
    const dir = opts.dir ?? (opts.pick ? undefined : (useSettingsStore().value.downloadFolder ?? undefined));
    const profile = {
      zone,
      gatewayId: id,
      gatewayName: name,
      ...(dir ? { dir } : {}),
      ...(opts.pick ? { pick: true } : {}),
    };
    return write(
      zone,
      id,
      `VPN profile for ${name}`,
      () => agent.invoke('vpn.saveProfile', profile),
      (r) => r?.path ?? 'cancelled',
      (saved) => saved && { kind: 'file', saved, what: 'VPN profile' },
    );
  }

  return {
    info,
    loadInfo,
    resultOf,
    typedPath,
    setTypedPath,
    downloadKubeconfig,
    mergeKubeconfig,
    saveKubeconfigAs,
    saveVpnProfile,
  };
});
