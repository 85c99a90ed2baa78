/** Shared bits of the compute tests: a signed-in sandbox, instance lookup by name, a console client. */
import WebSocket from 'ws';
import { localhostLookup } from '../../../src-main/agent/http/localhost-lookup';
import { advanceClock, call, signIn, startTestSandbox, type TestSandbox } from './helpers';

export type Rec = Record<string, unknown> & { id: string; name: string; status: string };

export interface ComputeSandbox {
  sb: TestSandbox;
  token: string;
  /** JSON call on eu-1 as dev@example.com. */
  api<T = Rec>(
    path: string,
    opts?: { method?: string; body?: unknown },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** The seeded (or created) instance with that name. */
  byName(area: 'containers' | 'microvms', name: string): Promise<Rec>;
  /** Signs in again (a sandbox reset ends every session). */
  relogin(): Promise<void>;
  /** Moves the clock one lifecycle step at a time until the status is reached. */
  settle(area: 'containers' | 'microvms', id: string, status: string): Promise<Rec>;
}

export async function computeSandbox(opts: Parameters<typeof startTestSandbox>[0] = {}): Promise<ComputeSandbox> {
  const sb = await startTestSandbox(opts);
  const signInDev = async () => (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
  const self: ComputeSandbox = {
    sb,
    token: await signInDev(),
    api: (path, o = {}) => call(sb.eu, `/api/v1${path}`, { token: self.token, ...o }) as never,
    async relogin() {
      self.token = await signInDev();
    },
    async byName(area, name) {
      const r = await self.api<{ items: Rec[] }>(`/${area}`);
      const found = r.body.items.find((i) => i.name === name);
      if (!found) throw new Error(`no ${area} named ${name}`);
      return found;
    },
    async settle(area, id, status) {
      for (let i = 0; i < 10; i++) {
        const r = await self.api(`/${area}/${id}`);
        if (r.body.status === status) return r.body;
        await advanceClock(sb.eu, 5);
      }
      throw new Error(`${area}/${id} never reached ${status}`);
    },
  };
  return self;
}

/** A console client that keeps everything the server printed. */
export interface ConsoleClient {
  ws: WebSocket;
  output(): string;
  bytes(): number;
  send(text: string): void;
  /** Resolves once the output (after `from`, a byte offset) contains `text`. */
  waitFor(text: string, from?: number, timeoutMs?: number): Promise<string>;
  closed: Promise<{ code: number; reason: string }>;
}

/** `protocols`: the subprotocols offered (none by default: every frame is then typed input). */
export function openConsole(
  baseUrl: string,
  token: string,
  path: string,
  protocols: string[] = [],
): Promise<ConsoleClient> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1${path}`, protocols, {
    headers: { authorization: `Bearer ${token}` },
    lookup: localhostLookup,
  });
  const chunks: Buffer[] = [];
  let size = 0;
  let waiters: (() => void)[] = [];
  ws.on('message', (m: Buffer) => {
    chunks.push(m);
    size += m.length;
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.once('close', (code, reason) => r({ code, reason: String(reason) })),
  );
  const output = () => Buffer.concat(chunks).toString();
  const client: ConsoleClient = {
    ws,
    output,
    bytes: () => size,
    send: (text) => ws.send(Buffer.from(text)),
    closed,
    waitFor(text, from = 0, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const out = Buffer.concat(chunks).subarray(from).toString();
          if (!out.includes(text)) return;
          waiters = waiters.filter((w) => w !== check);
          clearTimeout(timer);
          resolve(out);
        };
        const timer = setTimeout(
          () =>
            reject(
              new Error(`timed out waiting for ${JSON.stringify(text)}; got ${JSON.stringify(output().slice(-300))}`),
            ),
          timeoutMs,
        );
        waiters.push(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_q, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
