/**
 * Both of the host's sockets under a flood of hostile frames (issue #35, item 3): the command
 * line's and the page's WebSocket get non-string commands, null links, stream garbage, a 10 MB
 * line, JSON 10^5 deep, a 1 MB command and 500 connections that never say hello. Every
 * well-formed frame is answered by id, every other one with a typed refusal; the host logs no
 * uncaught exception or unhandled rejection, keeps serving, and its memory stays bounded.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { HELLO_WAIT_MS, MAX_WAITING_HELLO } from '../../../src-main/cli/socket-server';
import { mulberry32, randomJson } from '../../support/fuzz-values';
import { announced, helloClient, lineClient } from '../../support/line-client';
import { type HostProcess, spawnWebHost } from '../../support/spawn-web-host';

const SEED = Number(process.env.ZD_FUZZ_SEED ?? 35035);
const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const HUGE_COMMAND = 'x'.repeat(1_000_000);

let host: HostProcess;
let rssTimer: NodeJS.Timeout;
let rssBefore = 0;
let rssPeak = 0;

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function waitForAnnounce(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      return void announced(host.dataDir);
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

beforeAll(async () => {
  host = await spawnWebHost();
  await waitForAnnounce();
  await (await helloClient(host.dataDir)).sock.end();
  rssBefore = rssOf(host.child.pid!);
  rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(host.child.pid!))), 50);
}, 60_000);

afterAll(async () => {
  clearInterval(rssTimer);
  await host?.stop();
});

/** Frames shaped like the protocol's, every field a random JSON value: what a broken or hostile client sends. */
function fuzzFrames(seed: number, n: number, kinds: string[]): { id: number; text: string }[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, (_, id) => {
    const t = kinds[id % kinds.length]!;
    const r = rand();
    const command = r < 0.6 ? randomJson(rand, 2) : r < 0.8 ? 'app.info' : `no.such.${id}`;
    const frame = { t, id, command, link: r < 0.3 ? null : randomJson(rand, 2), input: randomJson(rand) };
    return { id, text: JSON.stringify(frame) };
  });
}

/** Lines of random bytes, none a newline: none of them a message. */
function garbage(seed: number, n: number): Buffer[] {
  const rand = mulberry32(seed);
  return Array.from({ length: n }, () =>
    Buffer.from(
      Array.from({ length: 1 + Math.floor(rand() * 200) }, () => Math.floor(rand() * 256)).map((b) =>
        b === 10 ? 11 : b,
      ),
    ),
  );
}

describe("the command line's socket", { timeout: 120_000 }, () => {
  it('answers every fuzzed frame by id and every garbage line with a typed refusal', async () => {
    const c = await helloClient(host.dataDir);
    const frames = fuzzFrames(SEED, 400, ['invoke', 'open']);
    frames.forEach((f) => c.send(f.text));
    const junk = garbage(SEED, 100);
    junk.forEach((g) => c.sock.write(Buffer.concat([g, Buffer.from('\n')])));
    c.send(`{"t":"invoke","id":100001,"command":"app.info","input":${DEEP}}`);
    c.send(JSON.stringify({ t: 'invoke', id: 100002, command: HUGE_COMMAND, input: {} }));
    c.send(JSON.stringify({ t: 'invoke', id: 100003, command: 'app.info', input: {} }));
    await c.until((m) => m.id === 100003, 60_000);
    const replies = new Map(c.lines.filter((m) => m.t === 'reply').map((m) => [m.id, m]));
    for (const f of frames) {
      const m = replies.get(f.id);
      expect(m, f.text.slice(0, 200)).toBeDefined();
      if (!m!.ok) expect(m!.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(replies.get(100002)).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect((replies.get(100002)!.error as { message: string }).message.length).toBeLessThan(300);
    expect(replies.get(100003)).toMatchObject({ ok: true });
    // The frame nested 10^5 deep is refused unparsed, by its id; each garbage line with a typed refusal.
    expect(replies.get(100001)).toMatchObject({ ok: false, error: { code: 'invalid_input', message: /nest/ } });
    expect(c.lines.filter((m) => m.t === 'refused')).toEqual(
      junk.map(() => ({ t: 'refused', error: expect.objectContaining({ code: 'invalid_input' }) })),
    );
    c.sock.end();
  });

  it('refuses a 10 MB line unread and closes that connection only', async () => {
    const c = await helloClient(host.dataDir);
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 10 && !c.sock.destroyed; i++) c.sock.write(chunk);
    await c.closed;
    expect(c.lines.at(-1)).toMatchObject({ t: 'refused', error: { message: expect.stringMatching(/at most/) } });
    const again = await helloClient(host.dataDir);
    again.send(JSON.stringify({ t: 'invoke', id: 1, command: 'app.info', input: {} }));
    expect(await again.until((m) => m.id === 1)).toMatchObject({ ok: true });
    again.sock.end();
  });

  it('closes 500 connections that never say hello, each with a typed refusal', async () => {
    const where = announced(host.dataDir).path;
    const started = Date.now();
    const silent = await Promise.all(Array.from({ length: 500 }, () => lineClient(where)));
    await Promise.all(silent.map((c) => c.closed));
    expect(Date.now() - started).toBeLessThan(HELLO_WAIT_MS + 5000);
    for (const c of silent) expect(c.lines).toEqual([expect.objectContaining({ t: 'hello', ok: false })]);
    // All but the first few were refused at once: nobody holds more than a handful unasked.
    const atOnce = silent.filter((c) => /Too many/.test(JSON.stringify(c.lines))).length;
    expect(atOnce).toBeGreaterThanOrEqual(500 - MAX_WAITING_HELLO);
    const after = await helloClient(host.dataDir);
    after.sock.end();
  }, 30_000);
});

describe("the page's WebSocket", { timeout: 120_000 }, () => {
  const open = async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
      headers: { origin: `http://127.0.0.1:${host.port}` },
    });
    const got: Record<string, unknown>[] = [];
    ws.on('message', (d, binary) => !binary && got.push(JSON.parse(d.toString()) as Record<string, unknown>));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    return { ws, got, closed };
  };
  const until = async (test: () => boolean, ms = 30_000) => {
    const end = Date.now() + ms;
    while (!test()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('answers every fuzzed invoke by id, a 1 MB command too', async () => {
    const { ws, got } = await open();
    const frames = fuzzFrames(SEED + 1, 400, ['invoke']);
    frames.forEach((f) => ws.send(f.text));
    ws.send(JSON.stringify({ t: 'invoke', id: 100002, command: HUGE_COMMAND, input: {} }));
    ws.send(`{"t":"invoke","id":100001,"command":"app.info","input":${DEEP}}`);
    await until(() => got.filter((m) => m.t === 'reply').length === frames.length + 2);
    expect(got.find((m) => m.id === 100001)).toMatchObject({ ok: false, error: { message: /nest/ } });
    const ids = new Set(got.map((m) => m.id));
    for (const f of frames) expect(ids.has(f.id), f.text.slice(0, 200)).toBe(true);
    expect(got.find((m) => m.id === 100002)).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    ws.close();
  });

  it.each([
    ['stream garbage', () => garbage(SEED + 2, 1)[0]!.toString('latin1')],
    ['JSON 10^5 deep', () => `{"t":"invoke","input":${DEEP}}`],
    ['a 10 MB line', () => 'y'.repeat(10 * 1024 * 1024)],
    ['a cancel without an id', () => JSON.stringify({ t: 'cancel', id: null })],
  ])('answers %s with a typed refusal, then closes', async (_name, frame) => {
    const { ws, got, closed } = await open();
    ws.send(frame());
    expect(await closed).toBe(1003);
    expect(got).toEqual([{ t: 'refused', error: expect.objectContaining({ code: 'invalid_input' }) }]);
  });
});

describe("the page's server", () => {
  it('closes 300 connections that never send their request (the upgrade with the token) within seconds', async () => {
    const started = Date.now();
    const silent = await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(host.port, '127.0.0.1', () => resolve(s));
            s.on('error', () => s.destroy());
            s.on('data', () => {}); // an answer (408) or none: only the close matters
          }),
      ),
    );
    silent[0]!.write('GET /agent HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // a head that never ends, too
    await Promise.all(silent.map((s) => new Promise((r) => (s.destroyed ? r(null) : s.once('close', r)))));
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});

describe('the host after the flood', () => {
  it('logged no uncaught exception or unhandled rejection, and its memory stayed bounded', async () => {
    const c = await helloClient(host.dataDir);
    c.send(JSON.stringify({ t: 'invoke', id: 1, command: 'app.info', input: {} }));
    expect(await c.until((m) => m.id === 1)).toMatchObject({ ok: true });
    c.sock.end();
    const log = host.logText() + host.stderr();
    expect(log).not.toMatch(/uncaught exception|unhandled rejection|internal error/i);
    expect(host.child.exitCode).toBeNull();
    expect((rssPeak - rssBefore) / 2 ** 20).toBeLessThan(100);
  });
});
