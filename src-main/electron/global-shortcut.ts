/**
 * The global quick-grab shortcut. The OS refuses a shortcut another application holds (Electron's
 * register returns false) and Electron throws on one it cannot read; either way the shortcut is
 * off, and says why (tray menu, desktop.settings, the log), rather than silently doing nothing.
 * A change that fails keeps the shortcut that worked.
 */
import { globalShortcut } from 'electron';
import type { Logger } from '../agent/log';

export interface ShortcutState {
  accelerator: string | null;
  active: boolean;
  /** In words, for the person; null when active or turned off. */
  problem: string | null;
}

/** Ctrl/Cmd as this OS names it, for messages and the tray. */
export function shortcutLabel(accelerator: string, platform: NodeJS.Platform = process.platform): string {
  const mod = platform === 'darwin' ? 'Cmd' : 'Ctrl';
  return accelerator
    .replace(/CommandOrControl|CmdOrCtrl/g, mod)
    .replace(/Control/g, 'Ctrl')
    .replace(/Command/g, 'Cmd');
}

type Attempt = { ok: true } | { ok: false; problem: string };

export class GlobalShortcut {
  private current: ShortcutState = { accelerator: null, active: false, problem: null };

  constructor(
    private readonly onPress: () => void,
    private readonly log: Logger,
  ) {}

  state(): ShortcutState {
    return { ...this.current };
  }

  /** At start: registers `accelerator`; when the OS refuses, the shortcut stays off and says why. */
  start(accelerator: string | null): ShortcutState {
    this.stop();
    if (!accelerator) return this.state();
    const tried = this.tryRegister(accelerator);
    this.current = tried.ok
      ? { accelerator, active: true, problem: null }
      : { accelerator, active: false, problem: tried.problem };
    if (!tried.ok) this.log.warn('the global shortcut is off', { accelerator, why: tried.problem });
    return this.state();
  }

  /** A new shortcut (null: off). When it cannot be registered the previous one is put back and the problem returned. */
  change(accelerator: string | null): Attempt {
    const before = this.current;
    if (accelerator === before.accelerator && (before.active || !accelerator)) return { ok: true };
    this.stop();
    if (!accelerator) return { ok: true };
    const tried = this.tryRegister(accelerator);
    if (tried.ok) {
      this.current = { accelerator, active: true, problem: null };
      return tried;
    }
    if (before.active && before.accelerator) this.start(before.accelerator);
    else this.current = before;
    return tried;
  }

  stop(): void {
    if (this.current.active && this.current.accelerator) globalShortcut.unregister(this.current.accelerator);
    this.current = { accelerator: null, active: false, problem: null };
  }

  private tryRegister(accelerator: string): Attempt {
    const label = shortcutLabel(accelerator);
    try {
      if (globalShortcut.register(accelerator, this.onPress)) return { ok: true };
      return { ok: false, problem: `${label} is taken by another application` };
    } catch {
      return { ok: false, problem: `${label} is not a shortcut this system can register` };
    }
  }
}
