import { describe, expect, it } from 'vitest';
import type { Bridge, Reply } from '../../../src-main/contract/protocol';
import { AgentError, createAgent } from '../../../src-renderer/agent';

function fakeBridge(reply: (command: string, input: unknown) => Reply | Promise<Reply>) {
  const calls: [string, unknown][] = [];
  const cancels: string[] = [];
  const callIds: (string | undefined)[] = [];
  const listeners = new Set<(n: never, p: unknown) => void>();
  const bridge: Bridge = {
    invoke: async (c, i, callId) => {
      calls.push([c, i]);
      callIds.push(callId);
      return reply(c, i);
    },
    cancel: (callId) => void cancels.push(callId),
    onEvent: (l) => {
      listeners.add(l as never);
      return () => listeners.delete(l as never);
    },
    onStream: () => () => {},
    sendStream: () => {},
  };
  const emit = (name: string, payload: unknown) => listeners.forEach((l) => l(name as never, payload));
  return { bridge, calls, emit, cancels, callIds };
}

describe('createAgent', () => {
  it('a call with a signal is cancellable by its own id; the signal itself is never sent', async () => {
    let answer!: (r: Reply) => void;
    const { bridge, calls, cancels, callIds } = fakeBridge(() => new Promise<Reply>((r) => (answer = r)));
    const agent = createAgent(bridge);
    const ctl = new AbortController();
    const call = agent.call('eu-1', 'containers.list', { signal: ctl.signal });
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([['api.call', { zone: 'eu-1', operationId: 'containers.list' }]]);
    expect(callIds[0]).toMatch(/^c\d+$/);
    ctl.abort();
    expect(cancels).toEqual([callIds[0]]);
    // The bridge answers a cancelled call `cancelled` (BridgeRouter.cancel).
    answer({ ok: false, error: { status: 0, code: 'cancelled', message: 'Cancelled.' } });
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    // Already aborted: nothing is sent at all. Without a signal: no id, nothing to cancel.
    await expect(agent.invoke('zones.list', {}, { signal: ctl.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(calls).toHaveLength(1);
  });

  it('returns results and throws AgentError with code and status on {ok:false}', async () => {
    const { bridge } = fakeBridge((c) =>
      c === 'zones.list'
        ? { ok: true, result: [] }
        : { ok: false, error: { status: 0, code: 'unknown_zone', message: 'No such zone' } },
    );
    const agent = createAgent(bridge);
    expect(await agent.invoke('zones.list', {})).toEqual([]);
    await expect(agent.invoke('zones.remove', { id: 'x' })).rejects.toMatchObject({
      name: 'AgentError',
      code: 'unknown_zone',
      status: 0,
    });
  });

  it('call() wraps api.call and returns only the data', async () => {
    const { bridge, calls } = fakeBridge(() => ({ ok: true, result: { status: 200, data: { items: [1] } } }));
    const agent = createAgent(bridge);
    expect(await agent.call('eu-1', 'containers.get', { params: { id: 'c1' } })).toEqual({ items: [1] });
    expect(calls).toEqual([['api.call', { zone: 'eu-1', operationId: 'containers.get', params: { id: 'c1' } }]]);
  });

  it('awaits the send guard before every command; a refusal sends nothing', async () => {
    const { bridge, calls } = fakeBridge(() => ({ ok: true, result: { status: 200, data: null } }));
    const agent = createAgent(bridge);
    const seen: string[] = [];
    agent.setGuard(async (command, input) => {
      seen.push(command);
      if ((input as { operationId?: string }).operationId === 'containers.stop') {
        throw new AgentError({ status: 0, code: 'cancelled', message: 'not typed' });
      }
    });
    await expect(agent.call('eu-1', 'containers.stop', { params: { id: 'c1' } })).rejects.toMatchObject({
      code: 'cancelled',
    });
    expect(calls).toEqual([]);
    await agent.call('eu-1', 'containers.get', { params: { id: 'c1' } });
    expect(calls).toHaveLength(1);
    agent.setGuard(null);
    await agent.call('eu-1', 'containers.stop', { params: { id: 'c1' } });
    expect(calls).toHaveLength(2);
    expect(seen).toEqual(['api.call', 'api.call']);
  });

  it('turns a throwing bridge into an AgentError', async () => {
    const agent = createAgent(
      fakeBridge(() => {
        throw new Error('preload broke');
      }).bridge,
    );
    const e = await agent.invoke('app.info', {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AgentError);
    expect(e).toMatchObject({ code: 'internal_error', message: 'preload broke' });
  });

  it('filters events by name', () => {
    const { bridge, emit } = fakeBridge(() => ({ ok: true, result: null }));
    const agent = createAgent(bridge);
    const got: unknown[] = [];
    agent.onEvent('sandbox.mail', (m) => got.push(m.id));
    emit('zones.changed', []);
    emit('sandbox.mail', { id: 'm1' });
    expect(got).toEqual(['m1']);
  });

  it('reports a bridge without a socket as always open', () => {
    const agent = createAgent(fakeBridge(() => ({ ok: true, result: null })).bridge);
    const states: string[] = [];
    agent.onConnection((s) => states.push(s));
    expect(states).toEqual(['open']);
  });
});
