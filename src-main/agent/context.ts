/** What every command handler may use: the agent's parts, wired once in agent.ts. */
import type { LinkInbox } from './link-inbox';
import type { EmitEvent } from '../contract/events';
import type { AgentOptions } from './agent-types';
import type { SecretStore } from './secrets/secret-store';
import type { StreamHub } from './streams/stream-hub';
import type { ListSnapshots } from './lists/list-snapshots';
import type { ZoneRegistry } from './zones/zone-registry';
import type { ZoneRuntimes } from './zone-runtimes';
import type { SandboxZones } from './sandbox-zones';
import type { DeviceCookies } from './session/device-cookies';
import type { Logger } from './log';
import type { RendererLog } from './log/renderer-log';
import type { ChangeJournal } from './journal/change-journal';
import type { AppSettingsStore } from './settings/app-settings';
import type { RolloutEngine } from './rollouts/engine';

export interface AgentContext {
  options: AgentOptions;
  secrets: SecretStore;
  registry: ZoneRegistry;
  zones: ZoneRuntimes;
  streams: StreamHub;
  lists: ListSnapshots;
  sandbox: SandboxZones;
  cookies: DeviceCookies;
  log: Logger;
  /** The window's own lines (app.log), bounded per window. */
  rendererLog: RendererLog;
  links: LinkInbox;
  /** Every change sent to a zone, appended; read back by journal.list. */
  journal: ChangeJournal;
  /** The app's settings file (settings.get/update). */
  settings: AppSettingsStore;
  /** Sends an event to every window, with the payload its name promises (contract/events.ts). */
  emit: EmitEvent;
  /** Rollouts across zones: the one engine the window and the CLI drive. */
  rollouts: RolloutEngine;
}
