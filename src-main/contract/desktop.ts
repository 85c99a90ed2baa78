/**
 * What the Electron host adds to the agent's commands: the tray's recent grabs, the global
 * shortcut and close-to-tray. The host answers `desktop.*` itself (src-main/electron/
 * desktop-commands.ts) over the same bridge; in browser mode they answer unknown_command, so a
 * screen offers them only where `bridge.desktop` exists.
 */

import type { NoticeKind } from './settings';

/**
 * The fragment the host puts on the app's URL for the quick-grab window (the global shortcut's
 * small always-on-top window). The renderer shows the palette alone when it finds it; it is not
 * a deep link (those start `#/zone/`).
 */
export const QUICK_GRAB_MARKER = '#quick-grab';

/** A kubeconfig or VPN profile the person grabbed, kept so the tray can grab it again in one click. */
export interface RecentGrab {
  kind: 'kubeconfig' | 'vpn';
  zone: string;
  /** The cluster's or gateway's id. */
  id: string;
  name: string;
  /** kubeconfig: saved alone under ~/.kube/zonedeck, or merged into the person's kubeconfig. */
  mode?: 'save' | 'merge';
  /** vpn: the folder the profile went to, so a re-grab writes it there again. */
  dir?: string;
  /** Where the file went last (ms since the epoch for `at`). */
  path: string;
  at: number;
}

export interface DesktopSettings {
  /** Closing the main window keeps Zonedeck in the tray (default: on, except on Linux). */
  closeToTray: boolean;
  /** The global quick-grab shortcut as an Electron accelerator; null: turned off. */
  shortcut: string | null;
}

export interface DesktopSettingsView extends DesktopSettings {
  /** The shortcut is registered with the OS now. */
  shortcutActive: boolean;
  /** Why it is not (another application holds it, or the OS refused), in words; null when active or off. */
  shortcutProblem: string | null;
}

/**
 * A notification the window asks the host to raise natively: what it is about (its zone and
 * kind, held against the person's per-zone switches by the host too), its words, and the deep
 * link a click opens (`zonedeck://zone/<zone>/…`, the same zone).
 */
export interface DesktopNotice {
  zone: string;
  kind: NoticeKind;
  title: string;
  body: string;
  link: string;
}

/** Whether it was shown, and why not: the switch is off, or the desktop has no notifications. */
export interface DesktopNoticeResult {
  shown: boolean;
  reason?: 'off' | 'unsupported';
}

export interface DesktopCommands {
  'desktop.settings': { input: Record<string, never>; output: DesktopSettingsView };
  /** A shortcut another application holds is refused (invalid_input) and the previous one stays. */
  'desktop.updateSettings': { input: Partial<DesktopSettings>; output: DesktopSettingsView };
  /** Newest first. */
  'desktop.recentGrabs': { input: Record<string, never>; output: RecentGrab[] };
  /** A native notification; a click brings the window to the front and opens `link` there. */
  'desktop.notify': { input: DesktopNotice; output: DesktopNoticeResult };
}
