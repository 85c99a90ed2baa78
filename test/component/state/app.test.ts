/**
 * App-wide state: what the agent says about itself, read again after a dropped connection comes
 * back (events in between are lost); the keychain banner, dismissed for this session only; the
 * theme remembered, anything unknown read as "follow the OS".
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo } from '@contract/commands';
import { emitConnection, emitEvent, scripted, scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useAppStore } = await import('../../../src-renderer/state/app');

const info = (over: Partial<AppInfo> = {}): AppInfo => ({
  version: '0.1.0',
  host: 'browser',
  platform: 'linux',
  keychain: { state: 'ok' },
  sandboxRunning: false,
  dataDir: '/tmp/zd',
  tlsChecksOff: false,
  ...over,
});

let infos: AppInfo[] = [];
beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
  scripted.commands.length = 0;
  scripted.command = (command) => {
    if (command !== 'app.info') return [];
    const next = infos.shift();
    if (!next) throw new Error('agent not reached');
    return next;
  };
});
const infoReads = () => scripted.commands.filter((c) => c.command === 'app.info').length;

describe('app store', () => {
  it('reads the agent’s info on start, and again only when a dropped connection comes back', async () => {
    infos = [info({ version: '1' }), info({ version: '2' })];
    const app = useAppStore();
    app.start();
    app.start();
    await flushPromises();
    expect(app.info?.version).toBe('1');
    expect(infoReads()).toBe(1);
    emitConnection('open');
    await flushPromises();
    expect(infoReads()).toBe(1);
    emitConnection('reconnecting');
    expect(app.connection).toBe('reconnecting');
    emitConnection('open');
    await flushPromises();
    expect(app.info?.version).toBe('2');
    expect(infoReads()).toBe(2);
  });

  it('a keychain that is unavailable shows a banner until dismissed; a fix the agent reports takes it away', async () => {
    infos = [info({ keychain: { state: 'unavailable', reason: 'No Secret Service.' } })];
    const app = useAppStore();
    app.start();
    await flushPromises();
    expect(app.showKeychainBanner).toBe(true);
    app.keychainBannerDismissed = true;
    expect(app.showKeychainBanner).toBe(false);
    app.keychainBannerDismissed = false;
    emitEvent('keychain.changed', { state: 'ok' });
    expect(app.showKeychainBanner).toBe(false);
  });

  it('says why the agent could not be read, and clears it once it is', async () => {
    infos = [];
    const app = useAppStore();
    await app.load();
    expect(app.loadError).toBe('agent not reached');
    infos = [info()];
    await app.load();
    expect(app.loadError).toBeNull();
  });

  it('remembers the theme; anything else stored follows the OS', () => {
    useAppStore().setTheme('dark');
    setActivePinia(createPinia());
    expect(useAppStore().theme).toBe('dark');
    localStorage.setItem('zonedeck.theme', 'purple');
    setActivePinia(createPinia());
    expect(useAppStore().theme).toBe('os');
  });

  it('knows a Mac from what the agent says of its platform', async () => {
    infos = [info({ platform: 'darwin' })];
    const app = useAppStore();
    await app.load();
    expect(app.isMac).toBe(true);
  });
});
