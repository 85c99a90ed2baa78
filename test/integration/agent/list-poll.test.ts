/** list.poll against the sandbox: a live list sends only what changed since the caller's copy. */
import { afterEach, describe, expect, it } from 'vitest';
import { idOf, nameOf } from '../../../src-main/contract/tolerant';
import { harness } from './harness';

type Harness = Awaited<ReturnType<typeof harness>>;

describe('list.poll', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('reads the whole list, then nothing while nothing changes, then the one container that stopped', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const poll = (since?: string) =>
      h!.invoke('list.poll', { zone: zone.id, operationId: 'containers.list', ...(since ? { since } : {}) });
    const first = await poll();
    if (!('items' in first)) throw new Error('the first read must carry every record');
    const web = first.items.find((c) => nameOf(c) === 'web-1')!;
    const quiet = await poll(first.version);
    expect(quiet).toMatchObject({ since: first.version, length: first.items.length, changed: [] });

    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.stop', params: { id: idOf(web)! } });
    const after = await poll(quiet.version);
    if (!('changed' in after)) throw new Error('expected only the changes');
    expect(after.changed.map(([, c]) => nameOf(c))).toEqual(['web-1']);
    const [at, now] = after.changed[0]!;
    expect(first.items[at]).toEqual(web);
    expect(now.status).not.toBe(web.status);
  });

  it('answers a stale version or another renderer with everything, and refuses what is not a read', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const first = await h.invoke('list.poll', { zone: zone.id, operationId: 'containers.list' });
    expect(
      await h.invoke('list.poll', { zone: zone.id, operationId: 'containers.list', since: 'not-a-version' }),
    ).toHaveProperty('items');
    const other = { id: 'other-renderer', sendStream() {}, bufferedAmount: () => 0 };
    const fromOther = await h.agent.invoke(
      'list.poll',
      { zone: zone.id, operationId: 'containers.list', since: first.version },
      other,
    );
    expect(fromOther.ok && 'items' in (fromOther.result as object)).toBe(true);

    const write = await h.agent.invoke('list.poll', { zone: zone.id, operationId: 'containers.create' }, h.conn);
    expect(write).toMatchObject({
      ok: false,
      error: { code: 'unknown_operation', message: expect.stringContaining('only reads') },
    });
    const bad = await h.agent.invoke(
      'list.poll',
      { zone: zone.id, operationId: 'containers.list', since: 'x'.repeat(65) },
      h.conn,
    );
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('since') },
    });
  });
});
