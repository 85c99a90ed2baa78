/**
 * A zone that answers badly (issue #11, items 2, 6, 7): deep, malformed, huge, an endless SSE line.
 * Every reply is a typed error for that call that survives JSON.stringify on its way to the page;
 * the agent keeps serving. Driven by the sandbox's reply faults (docs/sandbox.md).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../../src-main/contract/protocol';
import { harness, until } from './harness';

type Harness = Awaited<ReturnType<typeof harness>>;
const MiB = 1024 * 1024;

describe('hostile zone replies', () => {
  let h: Harness;
  let zone: string;
  beforeAll(async () => {
    h = await harness();
    zone = (await h.addAndSignIn('eu-1')).id;
  });
  afterAll(() => h?.close());
  beforeEach(() => h.control('eu-1', 'faults', { reply: null }));

  const fault = (reply: Record<string, unknown>) => h.control('eu-1', 'faults', { reply });
  const call = (operationId: string, extra: Record<string, unknown> = {}) =>
    h.agent.invoke('api.call', { zone, operationId, ...extra }, h.conn);
  const poll = () => h.agent.invoke('list.poll', { zone, operationId: 'containers.list' }, h.conn);
  /** What the host does with every reply: it must not throw (a deep value would overflow the stack). */
  const wire = (reply: Reply) => JSON.parse(JSON.stringify(reply)) as Reply;
  const stillServing = async () => expect((await call('containers.list')).ok).toBe(true);

  it('refuses a 200 body nested 5,000 deep with a typed error (api.call and list.poll)', async () => {
    await fault({ mode: 'deep', route: 'containers.list', depth: 5000 });
    for (const reply of [await call('containers.list'), await poll()]) {
      expect(wire(reply)).toEqual({
        ok: false,
        error: {
          status: 200,
          code: 'zone_reply_invalid',
          message: 'The zone sent a reply nested too deeply to read (more than 64 levels).',
        },
      });
    }
    await fault({ mode: 'deep', route: 'containers.list', depth: 60 }); // deep but within the bound
    expect((await call('containers.list')).ok).toBe(true);
  });

  it('keeps the status of a deep error body and drops the body from the details, saying so', async () => {
    await fault({ mode: 'deep', route: 'containers.list', depth: 5000, status: 500 });
    const reply = wire(await call('containers.list'));
    expect(reply).toEqual({
      ok: false,
      error: {
        status: 500,
        code: 'http_500',
        message: 'The zone had an internal error. The zone’s error reply was nested too deeply to show.',
        details: { bodyDropped: 'too_deep' },
      },
    });
  });

  it('drops an error body over 1 MiB, keeping the status', async () => {
    await fault({ mode: 'huge', route: 'containers.list', bytes: 3 * MiB, status: 503 });
    expect(wire(await call('containers.list'))).toEqual({
      ok: false,
      error: {
        status: 503,
        code: 'http_503',
        message: 'The zone is unavailable right now. Try again shortly. The zone’s error reply was too large to show.',
        details: { bodyDropped: 'too_large' },
      },
    });
  });

  it.each([
    ['truncated JSON', {}],
    ['an HTML page', { body: '<html><body>Gateway says hello</body></html>', content_type: 'text/html' }],
  ])('answers a 200 of %s on a JSON route with a typed error, in api.call and list.poll', async (_, extra) => {
    await fault({ mode: 'malformed', route: 'containers.list', ...extra });
    const expected = {
      ok: false,
      error: {
        status: 200,
        code: 'zone_reply_invalid',
        message: 'The zone sent a reply that is not valid JSON, so it could not be read.',
      },
    };
    expect(await call('containers.list')).toEqual(expected);
    expect(await poll()).toEqual(expected); // not an empty list
    await h.control('eu-1', 'faults', { reply: null });
    const after = await poll();
    expect(after.ok && 'items' in (after.result as object)).toBe(true);
  });

  it('stops reading a JSON reply past 64 MiB with reply_too_large, not a network error', async () => {
    await fault({ mode: 'huge', route: 'containers.list', bytes: 80 * MiB });
    const before = process.memoryUsage().rss;
    const reply = await call('containers.list');
    expect(reply).toEqual({
      ok: false,
      error: {
        status: 200,
        code: 'reply_too_large',
        message: 'The zone’s reply is larger than 64 MiB, the most the app reads; it was not read.',
        details: { limitBytes: 64 * MiB },
      },
    });
    // The 80 MiB never became one string plus its parse (~300 MiB before the cap).
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * MiB);
    await h.control('eu-1', 'faults', { reply: null });
    await stillServing();
  }, 60_000);

  it('ends a live stream whose one line grows past 1 MiB with a typed error, and does not resume it', async () => {
    await fault({ mode: 'long_sse_line', route: 'workflowRuns.stream', bytes: 10 * MiB });
    const opened = await h.agent.invoke(
      'stream.open',
      { zone, operationId: 'workflowRuns.stream', params: { id: 'any-run' } } as never,
      h.conn,
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const sid = (opened.result as { sid: string }).sid;
    const end = await until(() => h.conn.messages.find((m) => m.sid === sid && m.kind === 'end'), 20_000);
    expect(end).toMatchObject({
      error: {
        code: 'zone_reply_invalid',
        message: 'The zone sent a live-stream event longer than 1 MiB; the stream was stopped.',
      },
    });
    expect(h.conn.messages.filter((m) => m.sid === sid && m.kind !== 'end')).toEqual([]);
    await stillServing();
  }, 30_000);
});
