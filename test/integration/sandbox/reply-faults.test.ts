/** The sandbox's hostile replies (POST /_sandbox/faults {reply}): what each mode sends, and how it is set. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authedFetch, call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let dev: string;
beforeAll(async () => {
  sb = await startTestSandbox();
  dev = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());
beforeEach(() => call(sb.eu, '/_sandbox/faults', { body: { reply: null } }));

const setReply = (reply: unknown) => call(sb.eu, '/_sandbox/faults', { body: { reply } });
const containers = () => authedFetch(sb.eu, dev, '/api/v1/containers');

describe('reply faults', () => {
  it('sends a malformed body on the named route only, then the real one after count runs out', async () => {
    expect((await setReply({ mode: 'malformed', route: 'containers.list', count: 1 })).body).toMatchObject({
      reply: { mode: 'malformed', route: 'containers.list', status: 200, count: 1 },
    });
    expect((await authedFetch(sb.eu, dev, '/api/v1/microvms')).status).toBe(200);
    const bad = await containers();
    expect(bad.headers.get('content-type')).toBe('application/json');
    expect(await bad.text()).toBe('{"items": [{"id": "broken", "name": ');
    expect(JSON.parse(await (await containers()).text())).toHaveProperty('items');
    expect((await call(sb.eu, '/_sandbox/faults')).body).toMatchObject({ reply: null });
  });

  it('sends a body of the test’s own, and needs one', async () => {
    const body = JSON.stringify({ items: [{ k9: 'web-1' }] });
    expect((await setReply({ mode: 'fixed', route: 'containers.list' })).status).toBe(400);
    await setReply({ mode: 'fixed', route: 'containers.list', body });
    const res = await containers();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });

  it('sends a deep body with the status asked for', async () => {
    await setReply({ mode: 'deep', route: 'containers.list', depth: 100, status: 500 });
    const res = await containers();
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).toContain('"error": "injected_fault"');
    expect(text).toContain(`${'['.repeat(100)}${']'.repeat(100)}`);
    expect(text).not.toContain('['.repeat(101));
  });

  it('streams a huge body of the size asked for without a Content-Length', async () => {
    await setReply({ mode: 'huge', route: 'containers.list', bytes: 5 * 1024 * 1024 });
    const res = await containers();
    expect(res.headers.get('content-length')).toBeNull();
    const body = JSON.parse(await res.text()) as { items: string[] };
    expect(body.items[0]).toHaveLength(5 * 1024 * 1024);
  });

  it('sends an event stream whose first line has no end until all its bytes are out', async () => {
    await setReply({ mode: 'long_sse_line', route: 'workflowRuns.stream', bytes: 200_000 });
    const res = await authedFetch(sb.eu, dev, '/api/v1/workflow-runs/any/stream');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    expect(text).toBe(`data: ${'x'.repeat(200_000)}\n\n`);
  });

  it('refuses a bad reply fault and changes nothing', async () => {
    for (const reply of [
      { mode: 'nope', route: 'containers.list' },
      { mode: 'deep' },
      { mode: 'deep', route: 'x', depth: 0 },
    ]) {
      const r = await call(sb.eu, '/_sandbox/faults', { body: { latency_ms: 5, reply } });
      expect(r.status).toBe(400);
    }
    expect((await call(sb.eu, '/_sandbox/faults')).body).toMatchObject({ latency_ms: 0, reply: null });
  });

  it('is cleared by a reset', async () => {
    await setReply({ mode: 'malformed', route: 'containers.list' });
    await call(sb.eu, '/_sandbox/reset', { body: {} });
    expect((await call(sb.eu, '/_sandbox/faults')).body).toMatchObject({ reply: null });
  });
});
