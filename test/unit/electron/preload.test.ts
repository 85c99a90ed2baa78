/**
 * The preload exposes exactly the contract's Bridge under one name; ipcRenderer and IPC event
 * objects never reach the page.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../src-main/contract/protocol';
import { CHANNELS } from '../../../src-main/electron/ipc';
import { contextBridge, ipcRenderer } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

let bridge: Bridge;
/** What Electron hands an ipcRenderer listener first: an event that carries ipcRenderer itself. */
const ipcEvent = () => ({ sender: ipcRenderer, senderId: 0, ports: [] });
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await import('../../../src-main/electron/preload');
  bridge = contextBridge.exposeInMainWorld.mock.calls[0]![1] as Bridge;
});

describe('preload', () => {
  it("exposes one key, 'zonedeck', with exactly the Bridge's methods", () => {
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(contextBridge.exposeInMainWorld.mock.calls[0]![0]).toBe('zonedeck');
    expect(Object.keys(bridge).sort()).toEqual(['cancel', 'desktop', 'invoke', 'onEvent', 'onStream', 'sendStream']);
    expect(bridge.desktop).toEqual({ platform: process.platform });
    for (const v of Object.values(bridge)) expect(v).not.toBe(ipcRenderer);
  });

  it('listens on our channels only', () => {
    expect(ipcRenderer.eventNames().sort()).toEqual([CHANNELS.event, CHANNELS.stream].sort());
  });

  it('invoke and sendStream send exactly the arguments on our channels', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, result: 7 });
    expect(await bridge.invoke('app.ping', { a: 1 })).toEqual({ ok: true, result: 7 });
    // The last argument is the call's wire id, which a cancel names.
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(CHANNELS.invoke, 'app.ping', { a: 1 }, expect.any(Number));
    const msg = { t: 'stream', sid: 's1', kind: 'ack', bytes: 10 } as const;
    bridge.sendStream(msg);
    expect(ipcRenderer.send).toHaveBeenLastCalledWith(CHANNELS.stream, msg);
  });

  it('a cancel answers the call at once and sends its wire id on the cancel channel', async () => {
    ipcRenderer.invoke.mockImplementationOnce(() => new Promise(() => undefined));
    const call = bridge.invoke('compute.saveLogArchive', {}, 'c9');
    const wireId = ipcRenderer.invoke.mock.lastCall![3];
    bridge.cancel('c9');
    expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(ipcRenderer.send).toHaveBeenLastCalledWith(CHANNELS.cancel, wireId);
  });

  it('event listeners receive the name and payload only, until they unsubscribe', () => {
    const listener = vi.fn();
    const off = bridge.onEvent(listener);
    ipcRenderer.emit(CHANNELS.event, ipcEvent(), { name: 'zones.changed', payload: { n: 1 } });
    expect(listener.mock.calls).toEqual([['zones.changed', { n: 1 }]]);
    off();
    ipcRenderer.emit(CHANNELS.event, ipcEvent(), { name: 'zones.changed', payload: {} });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stream listeners receive their own stream’s messages only, with no event object', () => {
    const listener = vi.fn();
    const off = bridge.onStream('s1', listener);
    const mine = { t: 'stream', sid: 's1', kind: 'end' };
    ipcRenderer.emit(CHANNELS.stream, ipcEvent(), mine);
    ipcRenderer.emit(CHANNELS.stream, ipcEvent(), { t: 'stream', sid: 's2', kind: 'end' });
    expect(listener.mock.calls).toEqual([[mine]]);
    off();
  });

  it('holds output that arrives before the page subscribes and hands it over after subscribe returns', async () => {
    const first = { t: 'stream', sid: 'early', kind: 'event', event: { type: 'state', data: 'open' } };
    const second = { t: 'stream', sid: 'early', kind: 'end' };
    ipcRenderer.emit(CHANNELS.stream, ipcEvent(), first);
    ipcRenderer.emit(CHANNELS.stream, ipcEvent(), second);
    const listener = vi.fn();
    const off = bridge.onStream('early', listener);
    expect(listener).not.toHaveBeenCalled();
    await flush();
    expect(listener.mock.calls).toEqual([[first], [second]]);
    off();
    // Handed over once: a later subscriber does not get them again.
    const late = vi.fn();
    bridge.onStream('early', late)();
    await flush();
    expect(late).not.toHaveBeenCalled();
  });
});
