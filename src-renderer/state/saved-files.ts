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

/** The task's closing line names the file, so the notification says where it went. */
async function said<T>(t: TaskHandle, work: Promise<T>, where: (r: T) => string): Promise<T> {
  const r = await work;
  t.update({ detail: where(r) });
  return r;
}

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

  async function downloadKubeconfig(zone: string, id: string, name: string): Promise<KubeconfigSaved> {
    const saved = await tasks.track(
      `Kubeconfig for ${name}`,
      (t) => said(t, agent.invoke('kubeconfig.save', { zone, clusterId: id, clusterName: name }), (r) => r.path),
      zone,
    );
    results[key(zone, id)] = { kind: 'kubeconfig', saved };
    return saved;
  }

  async function mergeKubeconfig(
    zone: string,
    id: string,
    name: string,
    setCurrent: boolean,
  ): Promise<KubeconfigMerged> {
    const merged = await tasks.track(
      `Merge ${name} into kubeconfig`,
      (t) =>
        said(
          t,
          agent.invoke('kubeconfig.merge', { zone, clusterId: id, clusterName: name, setCurrent }),
          (r) => r.target,
        ),
      zone,
    );
    results[key(zone, id)] = { kind: 'merged', merged };
    return merged;
  }

  /**
   * Save as: an existing file is replaced only after `confirmReplace` said yes to its exact path
   * (the agent names it); a no is a cancel, not a failure.
   */
  async function saveKubeconfigAs(
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
    const saved = await tasks.track(
      `Save kubeconfig of ${name}`,
      (t) => said(t, askingFirst(), (r) => r?.path ?? 'cancelled'),
      zone,
    );
    if (saved) results[key(zone, id)] = { kind: 'file', saved, what: 'Kubeconfig' };
    return saved;
  }

  async function saveVpnProfile(
    zone: string,
    id: string,
    name: string,
    opts: { dir?: string; pick?: boolean } = {},
  ): Promise<FileSaved | null> {
    // No folder given or picked: the default download folder from Settings, if one is set.
    const dir = opts.dir ?? (opts.pick ? undefined : (useSettingsStore().value.downloadFolder ?? undefined));
    const saved = await tasks.track(
      `VPN profile for ${name}`,
      (t) =>
        said(
          t,
          agent.invoke('vpn.saveProfile', {
            zone,
            gatewayId: id,
            gatewayName: name,
            ...(dir ? { dir } : {}),
            ...(opts.pick ? { pick: true } : {}),
          }),
          (r) => r?.path ?? 'cancelled',
        ),
      zone,
    );
    if (saved) results[key(zone, id)] = { kind: 'file', saved, what: 'VPN profile' };
    return saved;
  }

  return { info, loadInfo, resultOf, downloadKubeconfig, mergeKubeconfig, saveKubeconfigAs, saveVpnProfile };
});
