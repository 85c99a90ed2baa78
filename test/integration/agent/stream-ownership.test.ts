/**
 * A stream belongs to the connection that opened it: another connection can close it neither
 * with the stream.close command nor with a 'close' stream message; its owner can, by either.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { idOf, listOf, nameOf } from '../../../src-main/contract/tolerant';
import { harness, RecordingConnection, until } from './harness';

let h: Awaited<ReturnType<typeof harness>> | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function openConsole(owner: RecordingConnection): Promise<string> {
  h = await harness();
  const zone = await h.addAndSignIn('eu-1');
  const list = await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
  const id = idOf(listOf(list.data).find((c) => nameOf(c) === 'web-1')!)!;
  const reply = await h.agent.invoke(
    'stream.open',
    { zone: zone.id, operationId: 'containers.console', params: { id } },
    owner,
  );
  if (!reply.ok) throw new Error(reply.error.message);
  const sid = (reply.result as { sid: string }).sid;
  await until(() => owner.text(sid).includes('root@web-1'), 10_000);
  return sid;
}

/** The console still answers its owner: a typed command comes back. */
async function stillAlive(owner: RecordingConnection, sid: string, word: string): Promise<void> {
  h!.agent.streamInput({ t: 'stream', sid, kind: 'data', data: `echo ${word}\r` }, owner);
  await until(() => owner.text(sid).split(word).length > 2, 10_000);
  expect(owner.messages.some((m) => m.sid === sid && m.kind === 'end')).toBe(false);
}

describe('closing a stream', () => {
  it('is refused to another connection by both routes', async () => {
    const owner = new RecordingConnection();
    const other = new RecordingConnection();
    const sid = await openConsole(owner);

    const reply = await h!.agent.invoke('stream.close', { sid }, other);
    expect(reply).toEqual({ ok: true, result: null }); // nothing to say: to `other` the stream does not exist
    h!.agent.streamInput({ t: 'stream', sid, kind: 'close' }, other);
    await stillAlive(owner, sid, 'still-here');
    expect(other.messages).toEqual([]);
  });

  it.each(['command', 'message'] as const)('is done by its owner with a %s', async (route) => {
    const owner = new RecordingConnection();
    const sid = await openConsole(owner);
    if (route === 'command') expect((await h!.agent.invoke('stream.close', { sid }, owner)).ok).toBe(true);
    else h!.agent.streamInput({ t: 'stream', sid, kind: 'close' }, owner);
    const before = owner.text(sid).length;
    h!.agent.streamInput({ t: 'stream', sid, kind: 'data', data: 'echo gone\r' }, owner);
    await new Promise((r) => setTimeout(r, 300));
    expect(owner.text(sid).length).toBe(before);
  });
});
