/**
 * The one router both Bridges use (Electron's preload, browser mode's web-bridge): replies by wire
 * id, cancels answered at once and sent on, events, and stream output held until the page listens.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  BridgeRouter,
  EARLY_MSGS,
  EARLY_STREAMS,
  type RouterTransport,
} from '../../../src-main/contract/bridge-router';
import type { ServerMessage } from '../../../src-main/contract/protocol';

type StreamMsg = Extract<ServerMessage, { t: 'stream' }>;

function setup() {
  const sent: unknown[][] = [];
  const transport: RouterTransport = {
    invoke: (id, command, input) => void sent.push(['invoke', id, command, input]),
    cancel: (id) => void sent.push(['cancel', id]),
    sendStream: (msg) => void sent.push(['stream', msg]),
  };
  return { router: new BridgeRouter(transport), sent };
}
const end = (sid: string): StreamMsg => ({ t: 'stream', sid, kind: 'end' });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('BridgeRouter', () => {
  it('gives each invoke its own wire id and resolves it with its own reply, whatever the order', async () => {
    const { router, sent } = setup();
    const a = router.invoke('zones.list', {});
    const b = router.invoke('app.info', { x: 1 });
    expect(sent).toEqual([
      ['invoke', 1, 'zones.list', {}],
      ['invoke', 2, 'app.info', { x: 1 }],
    ]);
    router.reply(2, { ok: true, result: 'b' });
    router.reply(1, { ok: true, result: 'a' });
    router.reply(1, { ok: true, result: 'again' }); // a second reply to one id is dropped
    expect(await a).toEqual({ ok: true, result: 'a' });
    expect(await b).toEqual({ ok: true, result: 'b' });
  });

  it('a cancel answers the call `cancelled` at once, tells the agent, and drops the late reply', async () => {
    const { router, sent } = setup();
    const call = router.invoke('compute.saveLogArchive', {}, 'c1');
    router.cancel('c1');
    expect(sent.at(-1)).toEqual(['cancel', 1]);
    expect(await call).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    router.reply(1, { ok: true, result: 'late' });
    // Cancelling again, or a call that has ended, or an unknown name: nothing more is sent.
    router.cancel('c1');
    router.cancel('nobody');
    expect(sent.filter((m) => m[0] === 'cancel')).toHaveLength(1);
  });

  it('a call that ended is not cancelled by its old name', async () => {
    const { router, sent } = setup();
    const call = router.invoke('app.info', {}, 'c1');
    router.reply(1, { ok: true, result: 1 });
    await call;
    router.cancel('c1');
    expect(sent.some((m) => m[0] === 'cancel')).toBe(false);
  });

  it('events go to every listener until it unsubscribes', () => {
    const { router } = setup();
    const one = vi.fn();
    const two = vi.fn();
    const off = router.onEvent(one);
    router.onEvent(two);
    router.event('zones.changed', []);
    off();
    router.event('app.link', null);
    expect(one.mock.calls).toEqual([['zones.changed', []]]);
    expect(two.mock.calls).toEqual([
      ['zones.changed', []],
      ['app.link', null],
    ]);
  });

  it('stream messages go to their own stream’s listeners at once', () => {
    const { router } = setup();
    const l = vi.fn();
    router.onStream('s1', l);
    router.stream(end('s2'));
    router.stream(end('s1'));
    expect(l.mock.calls).toEqual([[end('s1')]]);
  });

  it('holds output that arrives before anyone listens and hands it over after onStream returned, once', async () => {
    const { router } = setup();
    const first: StreamMsg = { t: 'stream', sid: 'early', kind: 'event', event: { type: 'state', data: 'open' } };
    router.stream(first);
    router.stream(end('early'));
    const l = vi.fn();
    let off: (() => void) | null = null;
    off = router.onStream('early', (m) => {
      // The caller already holds its unsubscribe handle when held messages arrive.
      expect(off).not.toBeNull();
      l(m);
    });
    expect(l).not.toHaveBeenCalled();
    await flush();
    expect(l.mock.calls).toEqual([[first], [end('early')]]);
    const late = vi.fn();
    router.onStream('early', late);
    await flush();
    expect(late).not.toHaveBeenCalled();
  });

  it(`holds at most ${EARLY_MSGS} messages per stream and ${EARLY_STREAMS} streams, dropping the oldest stream`, async () => {
    const { router } = setup();
    for (let i = 0; i < EARLY_MSGS + 10; i++) router.stream(end('big'));
    for (let s = 0; s < EARLY_STREAMS; s++) router.stream(end(`s${s}`));
    const big = vi.fn();
    const newest = vi.fn();
    const oldest = vi.fn();
    router.onStream('big', big); // the oldest: pushed out by the 32 after it
    router.onStream(`s${EARLY_STREAMS - 1}`, newest);
    router.onStream('s0', oldest);
    await flush();
    expect(big).not.toHaveBeenCalled();
    expect(newest).toHaveBeenCalledTimes(1);
    expect(oldest).toHaveBeenCalledTimes(1);

    const { router: r2 } = setup();
    for (let i = 0; i < EARLY_MSGS + 10; i++) r2.stream(end('big'));
    const all = vi.fn();
    r2.onStream('big', all);
    await flush();
    expect(all).toHaveBeenCalledTimes(EARLY_MSGS);
  });

  it('failAll fails every waiting call, ends every open stream with the error, and forgets held output', async () => {
    const { router } = setup();
    const call = router.invoke('app.info', {}, 'c1');
    const l = vi.fn();
    router.onStream('s1', l);
    router.stream(end('held'));
    const error = { status: 0, code: 'network_error', message: 'gone' };
    router.failAll(error);
    expect(await call).toEqual({ ok: false, error });
    expect(l.mock.calls).toEqual([[{ t: 'stream', sid: 's1', kind: 'end', error }]]);
    const held = vi.fn();
    router.onStream('held', held);
    await flush();
    expect(held).not.toHaveBeenCalled();
  });

  it('passes stream input straight to the transport', () => {
    const { router, sent } = setup();
    router.sendStream({ t: 'stream', sid: 's1', kind: 'ack', bytes: 5 });
    expect(sent).toEqual([['stream', { t: 'stream', sid: 's1', kind: 'ack', bytes: 5 }]]);
  });
});
