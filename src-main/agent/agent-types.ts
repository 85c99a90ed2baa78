/**
 * What a host (Electron IPC or the browser host) sees of the agent. A host forwards invokes,
 * stream input, and relays events and stream output to the connection that asked for them.
 */
import type { AgentEventName, ClientMessage, Reply, ServerMessage } from '../contract/protocol';
import type { Logger } from './log';
import type { EngineHooks } from './rollouts/engine';

export type StreamOut = Extract<ServerMessage, { t: 'stream' }>;
export type StreamIn = Extract<ClientMessage, { t: 'stream' }>;

/** One renderer connection: where the output of the streams it opened goes. */
export interface Connection {
  readonly id: string;
  sendStream(msg: StreamOut): void;
  /** Bytes queued towards the renderer and not yet written out (for backpressure). */
  bufferedAmount(): number;
  /**
   * The host writes replies as JSON text and puts a PassedJson's bytes into the frame as they are
   * (web/reply-frame.ts); api.call then leaves a read's reply unparsed.
   */
  readonly passJson?: boolean;
}

export interface Agent {
  /**
   * Validates the input against the command's schema, runs it, never throws. `signal` is the
   * page's cancel (or its going away): the handler gets it, and an aborted call answers `cancelled`.
   */
  invoke(command: string, input: unknown, conn: Connection, signal?: AbortSignal): Promise<Reply>;
  /** Console keystrokes, resizes, acks and closes from the renderer. */
  streamInput(msg: StreamIn, conn: Connection): void;
  /** The connection went away: close its streams. */
  disconnect(conn: Connection): void;
  onEvent(listener: (name: AgentEventName, payload: unknown) => void): () => void;
  /** The host was handed a deep link: kept for the window, which is told (false: not a Zonedeck link). */
  openLink(raw: string): boolean;
  /**
   * Resolves once the remembered sessions of these zones (all when absent) have been restored
   * from the keychain, starting the restore of any that `deferRestore` held back.
   */
  sessionsRestored(zones?: readonly string[]): Promise<void>;
  dispose(): Promise<void>;
}

export interface AgentOptions {
  /** Where settings (zones.json) live. */
  dataDir: string;
  host: 'electron' | 'browser' | 'cli';
  version: string;
  /**
   * Restore no remembered session at start; `sessionsRestored` restores the zones asked for. The
   * command line uses it so that one command renews only the zone it needs.
   */
  deferRestore?: boolean;
  /** Keychain service name; tests pass their own so they never touch a person's entries. */
  keychainService?: string;
  /** Skip the OS keychain and keep secrets in memory (tests, or --memory-secrets). */
  memorySecrets?: boolean;
  /** Where downloads (kubeconfigs) go by default; tests point it into a temp dir. */
  homeDir?: string;
  /** The default folder for VPN profiles; path.join(homeDir, 'Downloads') when not given. */
  downloadsDir?: string;
  /** A native save dialog (Electron); absent in browser mode, where screens ask for a path. */
  pickSavePath?(opts: SaveDialogOptions): Promise<string | null>;
  /** A native folder picker (Electron); absent in browser mode. */
  pickFolder?(opts: { title?: string; defaultPath?: string }): Promise<string | null>;
  /** Where the agent logs; the host makes it from the data dir and --log-level. Silent when absent. */
  log?: Logger;
  /**
   * Shows a folder in the OS file manager; resolves '' when it did, else why not (Electron's
   * shell.openPath contract). Absent: "Open log folder" only returns the path.
   */
  openPath?(folder: string): Promise<string>;
  /** The local sandbox, created by the host; without it the sandbox.* commands answer sandbox_unavailable. */
  sandbox?: SandboxPort;
  /** How often a rollout re-reads a zone while it waits (a soak, a suite's verdict); default 2 s. */
  rolloutTickMs?: number;
  /** Test seam: called after each rollout write, before its read-back; a throw stops the engine there. */
  rolloutHooks?: EngineHooks;
  /** How long one zone call of a rollout may take before its step pauses; default 30 s. */
  rolloutCallTimeoutMs?: number;
}

/** A zone the local sandbox serves: its id there and its loopback address. */
export interface SandboxZone {
  id: string;
  baseUrl: string;
}

/** The local sandbox as a host hands it to the agent: the agent knows only the zones it serves. */
export interface SandboxPort {
  /** Starts the sandbox (a second call while running returns the same zones). */
  start(): Promise<readonly SandboxZone[]>;
  stop(): Promise<void>;
}

export interface SaveDialogOptions {
  title?: string;
  defaultPath?: string;
  filters?: { name: string; extensions: string[] }[];
}
