/**
 * The browser's permission for notifications, in browser mode only (the desktop app shows them
 * natively and asks nothing). Asked for when the person turns a notification on, never at start.
 */
import { agent } from '../../agent';

export type NoticePermission = 'granted' | 'denied' | 'default' | 'unsupported';

/** Whether this window needs the browser's permission to show notifications. */
export function needsBrowserPermission(): boolean {
  return agent.desktop === undefined;
}

export function browserPermission(): NoticePermission {
  if (!needsBrowserPermission()) return 'granted';
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks once the answer is not known yet; the answer given, or what was known. */
export async function askPermission(): Promise<NoticePermission> {
  const now = browserPermission();
  if (now !== 'default') return now;
  return Notification.requestPermission();
}
