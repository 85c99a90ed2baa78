/**
 * The host's answers to `desktop.*` (contract/desktop.ts): the settings the host owns (close to
 * tray, the global shortcut), the recent grabs and native notifications (desktop-notices.ts). Inputs are checked here as the agent checks
 * its own; a shortcut the OS refuses is not saved and the one that worked stays.
 */
import type { DesktopNoticeResult, DesktopSettingsView } from '../contract/desktop';
import { AGENT_CODES } from '../contract/errors';
import type { Reply } from '../contract/protocol';
import type { DesktopHandlers } from './desktop-agent';
import { type DesktopSettingsStore, settingsPatch } from './desktop-settings';
import type { GlobalShortcut } from './global-shortcut';
import type { RecentGrabs } from './recent-grabs';

export interface DesktopParts {
  settings: DesktopSettingsStore;
  shortcut: GlobalShortcut;
  recent: RecentGrabs;
  /** Something the tray shows changed. */
  changed(): void;
  /** `desktop.notify` (desktop-notices.ts). */
  notify(input: unknown): Promise<Reply<DesktopNoticeResult>>;
}

const invalid = (message: string, fields?: Record<string, string>): Reply<never> => ({
  ok: false,
  error: { status: 0, code: AGENT_CODES.validation, message, ...(fields ? { details: { fields } } : {}) },
});

export function settingsView({ settings, shortcut }: Pick<DesktopParts, 'settings' | 'shortcut'>): DesktopSettingsView {
  const s = shortcut.state();
  return { ...settings.get(), shortcutActive: s.active, shortcutProblem: s.problem };
}

export function desktopHandlers(parts: DesktopParts): DesktopHandlers {
  return {
    'desktop.settings': async () => ({ ok: true, result: settingsView(parts) }),
    'desktop.recentGrabs': async () => ({ ok: true, result: parts.recent.list() }),
    'desktop.notify': (input) => parts.notify(input),
    'desktop.updateSettings': async (input) => {
      const parsed = settingsPatch.safeParse(input ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'input');
        return invalid(`Invalid input for desktop.updateSettings — ${field}: ${issue?.message ?? 'invalid'}`, {
          [field]: issue?.message ?? 'Invalid',
        });
      }
      const patch = parsed.data;
      if (patch.shortcut !== undefined) {
        const tried = parts.shortcut.change(patch.shortcut);
        if (!tried.ok) {
          parts.changed();
          return invalid(`${tried.problem}; the shortcut was not changed.`, { shortcut: tried.problem });
        }
      }
      await parts.settings.set({
        ...(patch.closeToTray !== undefined ? { closeToTray: patch.closeToTray } : {}),
        ...(patch.shortcut !== undefined ? { shortcut: patch.shortcut } : {}),
      });
      parts.changed();
      return { ok: true, result: settingsView(parts) };
    },
  };
}
