/** Container logs (host tail) and the complete archive (archived overflow first, then the host). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, authedFetch } from './helpers';
import { type ComputeSandbox, computeSandbox, type Rec } from './compute-support';

let c: ComputeSandbox;
let quiet: Rec;

const LINE = /^(\S+) (stdout|stderr) (\d{7,}) \S/;
const numbers = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => Number(LINE.exec(l)?.[3] ?? NaN));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  c = await computeSandbox();
  // Created stopped with 2,500 captured lines, so the count stays put.
  const made = await c.api('/containers', { body: { name: 'quiet', log_backlog: 2500, start: false } });
  quiet = await c.settle('containers', made.body.id, 'stopped');
});
afterAll(() => c.sb.close());

const text = async (path: string) => {
  const r = await authedFetch(c.sb.eu, c.token, `/api/v1${path}`);
  return { status: r.status, headers: r.headers, body: await r.text() };
};

describe('logs', () => {
  it('returns the last 200 lines by default, numbered, as text', async () => {
    const r = await text(`/containers/${quiet.id}/logs`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(numbers(r.body)).toEqual(range(2301, 2500));
  });

  it('tail=N gives the last N; the host keeps only the last 1000', async () => {
    expect(numbers((await text(`/containers/${quiet.id}/logs?tail=3`)).body)).toEqual([2498, 2499, 2500]);
    expect(numbers((await text(`/containers/${quiet.id}/logs?tail=1000`)).body)).toEqual(range(1501, 2500));
    expect((await text(`/containers/${quiet.id}/logs?tail=5000`)).status).toBe(400);
  });

  it('since= keeps lines at or after a time (ISO or an age)', async () => {
    const all = (await text(`/containers/${quiet.id}/logs?tail=1000`)).body.trimEnd().split('\n');
    const cut = LINE.exec(all[990]!)![1]!;
    expect(
      numbers((await text(`/containers/${quiet.id}/logs?tail=1000&since=${encodeURIComponent(cut)}`)).body),
    ).toEqual(range(2491, 2500));
    expect((await text(`/containers/${quiet.id}/logs?since=yesterday`)).status).toBe(400);
  });

  it('a running container keeps writing lines on the clock', async () => {
    const web = await c.byName('containers', 'web-1');
    const before = Number((await text(`/containers/${web.id}/logs?tail=1`)).headers.get('x-log-lines'));
    await advanceClock(c.sb.eu, 30);
    const after = await text(`/containers/${web.id}/logs?tail=1`);
    expect(Number(after.headers.get('x-log-lines'))).toBeGreaterThanOrEqual(before + 30);
    expect(numbers(after.body)).toEqual([Number(after.headers.get('x-log-lines'))]);
  });
});

describe('logs archive', () => {
  it('is complete and ordered: archived overflow first, then the host lines, as an attachment', async () => {
    const r = await text(`/containers/${quiet.id}/logs/archive`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="quiet-logs.txt"');
    expect(r.headers.get('x-archived-lines')).toBe('1500');
    expect(r.headers.get('x-host-lines')).toBe('1000');
    expect(numbers(r.body)).toEqual(range(1, 2500));
    const host = (await text(`/containers/${quiet.id}/logs?tail=1000`)).body;
    expect(r.body.endsWith(host)).toBe(true);
    const times = r.body
      .trimEnd()
      .split('\n')
      .map((l) => Date.parse(LINE.exec(l)![1]!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('streams the million-line bench-logs archive in order (chunked)', async () => {
    const bench = await c.byName('containers', 'bench-logs');
    const res = await authedFetch(c.sb.eu, c.token, `/api/v1/containers/${bench.id}/logs/archive`);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const decoder = new TextDecoder();
    let rest = '';
    let expected = 1;
    let broken = 0;
    for await (const chunk of res.body!) {
      const lines = (rest + decoder.decode(chunk as Uint8Array, { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const l of lines) if (Number(l.slice(32, 39)) !== expected++) broken++;
    }
    expect(rest).toBe('');
    expect(broken).toBe(0);
    expect(expected - 1).toBe(1_000_000);
  });
});
