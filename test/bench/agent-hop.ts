/**
 * The agent's hop (p50 through the agent against a direct GET: issue #16 ≤ 1.5×, issue #28 ≤ 1.4×): a small
 * `containers.list` through the built browser host's socket → agent → sandbox zone, against a
 * keep-alive `node:http` GET of the same route on the same zone with a token of the same user,
 * both parsing the JSON. Interleaved blocks so drift hits both alike; p50 and p90 of each.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { localhostLookup } from '../../src-main/agent/http/localhost-lookup';
import { loopbackFetch } from '../support/loopback-fetch';
import { signIn } from './sandbox';
import { percentile as pct } from './stats';

const BLOCKS = 20;
const PER_BLOCK = 50;
const EMAIL = 'dev@example.com';
const PASSWORD = 'sandbox-dev';

type Reply = { t: string; id: number; ok: boolean; result?: unknown; error?: { message: string } };

function startHost(dataDir: string) {
  const child = spawn(
    process.execPath,
    ['out/main/web.js', '--port', '0', '--no-open', '--json', '--memory-secrets', '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = new Promise<URL>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`the host exited (${c})`)));
    createInterface({ input: child.stdout }).on('line', (l) => {
      const m = /"url":"([^"]+)"/.exec(l);
      if (m) resolve(new URL(m[1]!));
    });
  });
  return { child, url };
}

/** One socket to the host; `invoke` resolves with the command's result. */
async function connect(url: URL) {
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  const ws = new WebSocket(`ws://${url.host}/agent?token=${encodeURIComponent(token)}`, {
    headers: { origin: url.origin },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (r: Reply) => void>();
  ws.on('message', (data, binary) => {
    if (binary) return;
    const msg = JSON.parse(data.toString()) as Reply;
    if (msg.t === 'reply') waiting.get(msg.id)?.(msg);
  });
  let next = 0;
  const invoke = (command: string, input: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      waiting.set(id, (r) => {
        waiting.delete(id);
        if (r.ok) resolve(r.result);
        else reject(new Error(`${command}: ${r.error?.message}`));
      });
      ws.send(JSON.stringify({ t: 'invoke', id, command, input }));
    });
  return { ws, invoke };
}

async function mailedCode(base: string): Promise<string> {
  const mail = (await (await loopbackFetch(`${base}/_sandbox/mail?to=${encodeURIComponent(EMAIL)}`)).json()) as
    { code: string }[] | { items: { code: string }[] };
  return (Array.isArray(mail) ? mail : mail.items)[0]!.code;
}

function directGet(agent: http.Agent, url: URL, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, lookup: localhostLookup, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve();
        });
      })
      .once('error', reject);
  });
}

export async function benchAgentHop(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-bench-hop-'));
  const host = startHost(dataDir);
  try {
    const { ws, invoke } = await connect(await host.url);
    const { zones } = (await invoke('sandbox.start', {})) as { zones: { id: string; baseUrl: string }[] };
    const zone = zones[0]!;
    const login = (await invoke('auth.login', { zone: zone.id, email: EMAIL, password: PASSWORD })) as {
      challenge?: string;
    };
    if (login.challenge)
      await invoke('auth.verify', {
        zone: zone.id,
        challenge: login.challenge,
        code: await mailedCode(zone.baseUrl),
        rememberDevice: false,
      });
    const token = await signIn(zone.baseUrl, EMAIL, PASSWORD);
    const route = new URL('/api/v1/containers', zone.baseUrl);
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const viaAgent = () => invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    const direct = () => directGet(keepAlive, route, token);
    // The socket hop alone: a command that answers without a zone (its reply is of the same order of size).
    const socketOnly = () => invoke('app.info', {});
    const hop: number[] = [];
    const plain: number[] = [];
    const socket: number[] = [];
    const time = async (run: () => Promise<unknown>, into: number[]) => {
      const t0 = performance.now();
      await run();
      into.push(performance.now() - t0);
    };
    for (let i = 0; i < 100; i++) await Promise.all([viaAgent(), direct(), socketOnly()]); // warm every path
    for (let b = 0; b < BLOCKS; b++) {
      for (let i = 0; i < PER_BLOCK; i++) await time(viaAgent, hop);
      for (let i = 0; i < PER_BLOCK; i++) await time(direct, plain);
      for (let i = 0; i < PER_BLOCK / 2; i++) await time(socketOnly, socket);
    }
    ws.close();
    keepAlive.destroy();
    const out = {
      agent_hop_p50_ms: pct(hop, 0.5),
      agent_hop_p90_ms: pct(hop, 0.9),
      direct_get_p50_ms: pct(plain, 0.5),
      direct_get_p90_ms: pct(plain, 0.9),
      agent_hop_vs_direct_p50: pct(hop, 0.5) / pct(plain, 0.5),
      socket_only_p50_ms: pct(socket, 0.5),
      socket_only_p90_ms: pct(socket, 0.9),
      // What the agent adds beyond its socket hop and the zone's own round trip.
      agent_work_p50_ms: pct(hop, 0.5) - pct(socket, 0.5) - pct(plain, 0.5),
    };
    console.log(
      `containers.list through the agent p50 ${out.agent_hop_p50_ms.toFixed(2)} ms (p90 ${out.agent_hop_p90_ms.toFixed(2)}), direct GET p50 ${out.direct_get_p50_ms.toFixed(2)} ms (p90 ${out.direct_get_p90_ms.toFixed(2)}): ${out.agent_hop_vs_direct_p50.toFixed(2)}×; goal ≤ 1.4× (#28); the socket hop alone (app.info) p50 ${out.socket_only_p50_ms.toFixed(2)} ms, leaving ${out.agent_work_p50_ms.toFixed(2)} ms of agent work`,
    );
    return out;
  } finally {
    host.child.kill('SIGTERM');
    await new Promise((r) => host.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
