/**
 * Native notifications: what the host did on its own (a tray re-grab: where the file went, or why
 * not), and what the window asks for (a run at a gate, a failed deploy …) with a click that opens
 * the item. A notification with a click is held here until clicked or closed: Electron drops the
 * handler of one the garbage collector takes.
 */
import { Notification } from 'electron';

/** At most this many clickable notifications are held; the oldest lose their click first. */
const HELD = 50;
const held = new Set<Notification>();

/** Shows one; false when the desktop has no notifications. */
export function notify(title: string, body: string, onClick?: () => void): boolean {
  if (!Notification.isSupported()) return false;
  const n = new Notification({ title, body, silent: !onClick });
  if (onClick) {
    held.add(n);
    for (const old of held) {
      if (held.size <= HELD) break;
      held.delete(old);
    }
    n.on('click', () => {
      held.delete(n);
      onClick();
    });
    n.on('close', () => held.delete(n));
  }
  n.show();
  return true;
}
