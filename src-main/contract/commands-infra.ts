/**
 * Commands of the infra area (storage, Kubernetes, networking, deploy servers, limits): the files
 * the agent writes for people — kubeconfigs and VPN profiles — and the quick grab across zones.
 * Plain API calls (lists, create, restart …) go through api.call. Inputs are validated by the
 * agent's zod schemas.
 */

/** Where files go on this machine, so screens can show paths before anything is written. */
export interface InfraFileInfo {
  /** ~/.kube/zonedeck: one kubeconfig per cluster. */
  kubeconfigDir: string;
  /** The file a merge writes (first of KUBECONFIG, else ~/.kube/config). */
  mergeTarget: string;
  /** True when KUBECONFIG chose the merge target. */
  mergeTargetFromEnv: boolean;
  /** The default folder for VPN profiles. */
  downloadsDir: string;
  /** The host can show a native save dialog / folder picker (Electron); else a path field. */
  nativeDialogs: boolean;
}

/**
 * What a command depends on in the terminal it was typed in, sent with it by `zonedeck` (the app's
 * agent runs elsewhere, with its own environment and folder) and used for that command only.
 */
export interface TerminalContext {
  /** The terminal's working folder: relative paths are read from it. */
  cwd: string;
  /** The terminal's KUBECONFIG; absent when it has none (then ~/.kube/config). */
  kubeconfig?: string;
}

/** A cluster, by id; its name (for the file name and context) is read from the zone when not given. */
export interface ClusterRef {
  zone: string;
  clusterId: string;
  clusterName?: string;
  /** Lifts the 4 MiB cap on the download (up to 64 MiB; reply_too_large names the cap it met). */
  maxBytes?: number;
}

export interface KubeconfigSaved {
  path: string;
  bytes: number;
  /** `export KUBECONFIG=…`, ready to paste. */
  exportCommand: string;
  /** `kubectl --kubeconfig … get nodes`, ready to paste. */
  kubectlCommand: string;
  /** `<zone>-<cluster>`. */
  name: string;
}

export interface KubeconfigMerged {
  target: string;
  /** The timestamped copy of the file as it was; null when there was none. */
  backup: string | null;
  context: string;
  /** An entry of that name existed and was replaced. */
  replaced: boolean;
  setCurrent: boolean;
}

export interface FileSaved {
  path: string;
  bytes: number;
}

/** What the palette finds across zones: files to grab (clusters, gateways) and things to open. */
export type GrabKind = 'cluster' | 'vpn-gateway' | 'workflow' | 'skill' | 'workspace';

export interface GrabItem {
  zone: string;
  zoneName: string;
  kind: GrabKind;
  id: string;
  name: string;
  status?: string;
  /** A workspace's template (store, cms…) when the zone says: which credentials it has. */
  template?: string;
}

export interface GrabIndex {
  items: GrabItem[];
  /** Zones that could not be listed, in words (one failing zone never hides the others). */
  failures: { zone: string; zoneName: string; message: string }[];
}

export interface InfraCommands {
  'infra.files': { input: Record<string, never>; output: InfraFileInfo };
  'kubeconfig.save': { input: ClusterRef; output: KubeconfigSaved };
  'kubeconfig.merge': {
    input: ClusterRef & { setCurrent?: boolean; terminal?: TerminalContext };
    output: KubeconfigMerged;
  };
  /**
   * Save a copy where the person chooses: `path` in browser mode, the native dialog otherwise. Null when cancelled.
   * An existing file is refused (`file_exists`, details.path) unless `replace` is that exact path, as the person confirmed it.
   */
  'kubeconfig.saveAs': { input: ClusterRef & { path?: string; replace?: string }; output: FileSaved | null };
  /** Save the gateway's client profile into `dir` (default Downloads; in Electron `pick: true` asks for a folder). Null when cancelled. */
  'vpn.saveProfile': {
    input: {
      zone: string;
      gatewayId: string;
      gatewayName?: string;
      dir?: string;
      /** Exactly this path (an existing file is refused); instead of a folder. */
      file?: string;
      pick?: boolean;
      maxBytes?: number;
    };
    output: FileSaved | null;
  };
  /** Clusters and VPN gateways of every signed-in zone, for the palette's quick grab. */
  'grab.index': { input: Record<string, never>; output: GrabIndex };
}
