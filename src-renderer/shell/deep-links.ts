/**
 * Deep links reaching this window: from the host (the agent keeps the last `zonedeck://` link it
 * was handed until the window takes it) and, in the browser host, from the URL fragment
 * (`#/zone/…`), read and then taken out of the address bar.
 */
import { type DeepLink, parseDeepLink } from '@contract/deep-link';
import { agent } from '../agent';
import { reportError } from '../data/report-error';

export function listenForDeepLinks(open: (link: DeepLink) => void): () => void {
  const take = () =>
    void agent
      .invoke('app.takeLink', {})
      .then((link) => link && open(link))
      .catch((e: unknown) => reportError('deep-links', e, undefined, 'warn')); // nothing waits for it
  const fromHash = () => {
    if (!location.hash.startsWith('#/zone/')) return;
    const link = parseDeepLink(location.hash);
    history.replaceState(null, '', location.pathname + location.search);
    if (link) open(link);
  };
  const off = agent.onEvent('app.link', take);
  window.addEventListener('hashchange', fromHash);
  take();
  fromHash();
  return () => {
    off();
    window.removeEventListener('hashchange', fromHash);
  };
}
