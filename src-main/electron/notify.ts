/** A native notification for what the host did on its own (a tray re-grab): where the file went, or why not. */
import { Notification } from 'electron';

export function notify(title: string, body: string): void {
  if (!Notification.isSupported()) return;
  new Notification({ title, body, silent: true }).show();
}
