/**
 * "Save complete log" of a 10,000,000-line container log (issue #16, goal 4): the agent, in this
 * process, streams the zone's archive into a file (compute.saveLogArchive) while this process's
 * RSS is sampled; its rate is set against a plain streaming GET of the same URL piped to a file
 * with node:http in the same process (what `curl -o` does). The zone is the sandbox CLI in a child
 * process, so its work generating the lines is neither in the RSS nor on this process's core.
 * Interleaved rounds, alternating which goes first; median and spread. Goal: RSS growth ≤ 64 MB.
 */
import http from 'node:http';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createAgent } from '../../src-main/agent/agent';
import type { Connection } from '../../src-main/agent/agent-types';
import { localhostLookup } from '../../src-main/agent/http/localhost-lookup';
import { loopbackFetch } from '../support/loopback-fetch';
import { launch, signIn } from './sandbox';
import { median, withSpread } from './stats';

const LINES = 10_000_000;
const ROUNDS = 3;
const SAMPLE_MS = 10;

/**
 * Runs `work` while sampling RSS; the growth is the highest sample over the one taken just before.
 * CPU is this process's (all its threads: the file writes run on libuv's pool), per 100 MB saved.
 */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; rssMb: number; cpuMs: number }> {
  const start = process.memoryUsage.rss();
  const cpu = process.cpuUsage();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), SAMPLE_MS);
  const t0 = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage.rss());
    const used = process.cpuUsage(cpu);
    return { value, ms, rssMb: (peak - start) / 1e6, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

/** The "curl -o" baseline: one GET, its body piped to a file with backpressure, no buffering beyond the stream's. */
function directSave(url: URL, token: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { lookup: localhostLookup, headers: { authorization: `Bearer ${token}` } }, (res) => {
        pipeline(res, createWriteStream(file)).then(() => resolve(statSync(file).size), reject);
      })
      .once('error', reject);
  });
}

async function stoppedContainer(base: string, token: string): Promise<string> {
  const api = (p: string, init: { method?: string; body?: unknown } = {}) =>
    loopbackFetch(`${base}/api/v1${p}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    }).then((r) => r.json() as Promise<{ id: string; status: string }>);
  // Sandbox extension: a container that has already written LINES lines; stopped, so the count stays put.
  const made = await api('/containers', {
    method: 'POST',
    body: { name: 'save-10m', log_backlog: LINES, start: false },
  });
  for (let i = 0; i < 200 && (await api(`/containers/${made.id}`)).status !== 'stopped'; i++)
    await new Promise((r) => setTimeout(r, 50));
  return made.id;
}

export async function benchLogSave(): Promise<Record<string, number>> {
  const { child, ready } = await launch([]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-bench-save-'));
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'zd-bench-save-out-'));
  const agent = await createAgent({ dataDir, host: 'browser', version: 'bench', memorySecrets: true });
  const conn: Connection = { id: 'bench', sendStream: () => undefined, bufferedAmount: () => 0 };
  const invoke = async (command: string, input: unknown) => {
    const reply = await agent.invoke(command, input, conn);
    if (!reply.ok) throw new Error(`${command}: ${reply.error.message}`);
    return reply.result as Record<string, unknown>;
  };
  try {
    const base = ready.zones[0]!.base_url;
    const user = ready.users.find((u) => u.method === 'email')!;
    const zone = (await invoke('zones.add', { name: 'bench', baseUrl: base })) as { id: string };
    const login = await invoke('auth.login', { zone: zone.id, email: user.email, password: user.password });
    const mail = (await (await loopbackFetch(`${base}/_sandbox/mail?to=${encodeURIComponent(user.email)}`)).json()) as
      { code: string }[] | { items: { code: string }[] };
    if (login.status === 'mfa_required')
      await invoke('auth.verify', {
        zone: zone.id,
        challenge: login.challenge,
        code: (Array.isArray(mail) ? mail : mail.items)[0]!.code,
        rememberDevice: false,
      });
    const token = await signIn(base, user.email, user.password);
    const id = await stoppedContainer(base, token);
    const url = new URL(`/api/v1/containers/${id}/logs/archive`, base);

    const viaAgent = async () => {
      const r = await measured(() =>
        invoke('compute.saveLogArchive', { zone: zone.id, kind: 'container', id, dir: outDir }),
      );
      rmSync(r.value.path as string);
      return { ...r, bytes: r.value.bytes as number };
    };
    const direct = async () => {
      const file = path.join(outDir, 'direct.txt');
      const r = await measured(() => directSave(url, token, file));
      rmSync(file);
      return { ...r, bytes: r.value };
    };
    const agentRuns: Awaited<ReturnType<typeof viaAgent>>[] = [];
    const directRuns: Awaited<ReturnType<typeof direct>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2) directRuns.push(await direct());
      agentRuns.push(await viaAgent());
      if (!(i % 2)) directRuns.push(await direct());
    }
    const bytes = agentRuns[0]!.bytes;
    if ([...agentRuns, ...directRuns].some((r) => r.bytes !== bytes)) throw new Error('the saves differ in size');
    const rate = (r: { bytes: number; ms: number }) => r.bytes / 1e6 / (r.ms / 1000);
    const agentRates = agentRuns.map(rate);
    const directRates = directRuns.map(rate);
    const rss = agentRuns.map((r) => r.rssMb);
    const ratios = agentRates.map((a, i) => a / directRates[i]!);
    const per100Mb = (r: { cpuMs: number; bytes: number }) => r.cpuMs / (r.bytes / 1e8);
    const out = {
      log_save_10m_mb: bytes / 1e6,
      log_save_10m_rss_mb: median(rss),
      log_save_10m_rss_max_mb: Math.max(...rss),
      log_save_10m_mb_s: median(agentRates),
      log_save_direct_mb_s: median(directRates),
      log_save_direct_rss_mb: median(directRuns.map((r) => r.rssMb)),
      log_save_ratio: median(ratios),
      log_save_10m_cpu_ms_per_100mb: median(agentRuns.map(per100Mb)),
      log_save_direct_cpu_ms_per_100mb: median(directRuns.map(per100Mb)),
    };
    console.log(
      `save complete log, ${LINES.toLocaleString()} lines (${out.log_save_10m_mb.toFixed(0)} MB): agent ${withSpread(agentRates)} MB/s, RSS +${withSpread(rss)} MB (goal ≤ 64); plain GET to file ${withSpread(directRates)} MB/s; agent/direct ${withSpread(ratios, 2)}; CPU per 100 MB: agent ${out.log_save_10m_cpu_ms_per_100mb.toFixed(0)} ms, plain GET ${out.log_save_direct_cpu_ms_per_100mb.toFixed(0)} ms`,
    );
    return out;
  } finally {
    await agent.dispose();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}
