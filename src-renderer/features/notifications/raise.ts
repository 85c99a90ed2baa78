/**
 * Raising a notice: natively through the Electron host (`desktop.notify`, which holds it against
 * the switches again and opens the link on a click), or in browser mode with the page's
 * Notification API, whose click brings the tab forward and opens the same deep link through the
 * URL fragment (`#/zone/…`, shell/deep-links.ts). Permission is asked for only when the person
 * turns a notification on (permission.ts), never here.
 */
import { agent } from '../../agent';
import type { Notice } from './notice-rule';

/** The notice's deep link: `zonedeck://zone/…` for the host, `#/zone/…` for the page. */
export function noticeLink(n: Notice, form: 'scheme' | 'hash'): string {
  const path = ['zone', n.zone, ...n.rest].map(encodeURIComponent).join('/');
  return form === 'scheme' ? `zonedeck://${path}` : `#/${path}`;
}

export async function raise(n: Notice): Promise<void> {
  if (agent.desktop) {
    await agent.invokeDesktop('desktop.notify', {
      zone: n.zone,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: noticeLink(n, 'scheme'),
    });
    return;
  }
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const shown = new Notification(n.title, { body: n.body, tag: n.key });
  shown.onclick = () => {
    window.focus();
    shown.close();
    location.hash = noticeLink(n, 'hash');
  };
}
