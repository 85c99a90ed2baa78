/**
 * Deep links reaching the window: the one the agent holds (at start and on `app.link`), and in
 * the browser host the URL fragment, which is read once and taken out of the address bar. A
 * fragment that is not a Zonedeck link is left alone; an agent without links is no failure.
 */
import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeepLink } from '@contract/deep-link';
import { emitEvent, scripted, scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { listenForDeepLinks } = await import('../../../src-renderer/shell/deep-links');

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  history.replaceState(null, '', '/');
});

function listen(links: (DeepLink | null)[]) {
  const opened: DeepLink[] = [];
  scripted.command = (command) => (command === 'app.takeLink' ? (links.shift() ?? null) : []);
  stop = listenForDeepLinks((l) => opened.push(l));
  return opened;
}

describe('deep links', () => {
  it('takes the link the agent holds at start and each time it says another came', async () => {
    const opened = listen([
      { zone: 'eu-1', rest: ['containers', 'c1'] },
      { zone: 'us-1', rest: ['clusters'] },
    ]);
    await flushPromises();
    expect(opened).toEqual([{ zone: 'eu-1', rest: ['containers', 'c1'] }]);
    emitEvent('app.link', null);
    await flushPromises();
    expect(opened.map((l) => l.zone)).toEqual(['eu-1', 'us-1']);
    emitEvent('app.link', null);
    await flushPromises();
    expect(opened).toHaveLength(2);
    stop();
    emitEvent('app.link', null);
    await flushPromises();
    expect(opened).toHaveLength(2);
  });

  it('reads a link from the URL fragment once and takes it out of the address bar', async () => {
    history.replaceState(null, '', '/index.html?x=1#/zone/eu-1/compute/containers/c%201');
    const opened = listen([]);
    await flushPromises();
    expect(opened).toEqual([{ zone: 'eu-1', rest: ['compute', 'containers', 'c 1'] }]);
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/index.html?x=1');

    history.replaceState(null, '', '/#/zone/us-1/clusters');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(opened.map((l) => l.zone)).toEqual(['eu-1', 'us-1']);
  });

  it('leaves other fragments alone, and drops a malformed link without opening anything', async () => {
    history.replaceState(null, '', '/#settings');
    const opened = listen([]);
    await flushPromises();
    expect(location.hash).toBe('#settings');
    history.replaceState(null, '', '/#/zone/eu-1/a%00b');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(opened).toEqual([]);
    expect(location.hash).toBe('');
  });

  it('an agent without links is no failure', async () => {
    scripted.command = () => Promise.reject(new Error('unknown command'));
    const opened: DeepLink[] = [];
    stop = listenForDeepLinks((l) => opened.push(l));
    await flushPromises();
    expect(opened).toEqual([]);
  });
});
