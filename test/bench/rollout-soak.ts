/**
 * What rollouts cost while they soak (issue #39: a rollout in its soak costs the agent ≤ 1 % CPU
 * and ≤ +10 MiB per active rollout). A sandbox of six zones (standard dialect) runs here; the
 * agent runs in a process of its own (rollout-soak-agent.ts), signed in to all six. Its resident
 * memory is sampled once a second for BASE_S seconds with no rollout, then it starts five
 * rollouts (source → one target each, a canary, then an hour's soak: the engine re-reads each
 * target's runs every 2 s) and, once all five soak and SETTLE_MS has passed, its CPU and memory
 * are read over SOAK_S seconds. Figures, from Linux's /proc:
 * - rollout_soak_agent_cpu_pct: the agent's CPU over the soak window, % of one core;
 * - rollout_soak_rss_delta_per_rollout_mib: (median RSS after the soak window − median RSS
 *   before any rollout) / 5, each read over BASE_S seconds after a garbage collection;
 * - rollout_soak_heap_delta_per_rollout_mib: the same for the JS heap in use after a collection
 *   (steadier than RSS, which V8 gives back to the system only slowly);
 * - rollout_soak_agent_rss_mib: the highest RSS in the soak window; and, informational, the zone
 *   requests the five soaks made in the window.
 * Alone: `npx tsx test/bench/rollout-soak.ts` (ZONEDECK_BENCH_SOAK_SECONDS shortens a trial run).
 * In `npm run bench`: `...(await benchRolloutSoak())` in run.ts's figures.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startSandbox } from '../../src-main/sandbox/server';
import { loopbackFetch } from '../support/loopback-fetch';
import { cpuMs, hasProc, rssMib } from './proc-stats';

const ROLLOUTS = 5;
const SOAK_S = Number(process.env.ZONEDECK_BENCH_SOAK_SECONDS ?? 60);
const BASE_S = 10;
/** After every rollout reached its soak: the start-up of the rollouts (their writes, the files) settles. */
const SETTLE_MS = 5_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function sampleRss(pid: number, seconds: number): Promise<number[]> {
  const out: number[] = [];
  for (let s = 0; s < seconds; s++) {
    await new Promise((r) => setTimeout(r, 1_000));
    out.push(rssMib(pid));
  }
  return out;
}

export async function benchRolloutSoak(): Promise<Record<string, number | string>> {
  if (!hasProc()) return { rollout_soak: 'skipped: needs Linux /proc' };
  const ids = ['src', ...Array.from({ length: ROLLOUTS }, (_, i) => `t${i + 1}`)];
  const sandbox = await startSandbox({ port: 0, zones: ids });
  const user = sandbox.users.find((u) => u.method === 'email')!;
  const setup = { zones: sandbox.zones.map((z) => ({ id: z.id, baseUrl: z.baseUrl })), ...user };
  const script = fileURLToPath(new URL('./rollout-soak-agent.ts', import.meta.url));
  // node itself with tsx's loader: one process, the agent's alone (the tsx CLI would add a parent).
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, JSON.stringify(setup)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  /** The next line that starts with `want`, its rest as a number (the heap after a collection). */
  const next = (want: string) =>
    new Promise<number>((resolve, reject) => {
      const onLine = (l: string) => {
        if (!l.startsWith(want)) return;
        lines.off('line', onLine);
        resolve(Number(l.slice(want.length).trim()) || 0);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`the agent exited (${code}) before “${want}”`)));
    });
  const requests = async () => {
    let n = 0;
    for (const z of sandbox.zones.slice(1))
      n += ((await (await loopbackFetch(`${z.baseUrl}/_sandbox/requests`)).json()) as { count: number }).count;
    return n;
  };
  try {
    /** Garbage collected first, so the two readings of memory compare what is kept alive. */
    const collect = async (): Promise<number> => {
      const done = next('collected');
      child.stdin.write('gc\n');
      return (await done) / 2 ** 20;
    };
    await next('ready');
    const pid = child.pid!;
    // The sign-ins' garbage collected and the heap shrunk back (V8 does so once the process idles).
    await new Promise((r) => setTimeout(r, 3 * SETTLE_MS));
    const heapBefore = await collect();
    const before = await sampleRss(pid, BASE_S);
    const soakingNow = next('soaking');
    child.stdin.write('start\n');
    await soakingNow;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await collect();
    const cpu0 = cpuMs(pid);
    const req0 = await requests();
    const t0 = performance.now();
    // Sampled, then collected once more: what the soak keeps alive, not what it has yet to free.
    const soaking = await sampleRss(pid, SOAK_S);
    const wall = performance.now() - t0;
    const cpu = cpuMs(pid) - cpu0;
    const heapKept = await collect();
    const kept = await sampleRss(pid, BASE_S);
    return {
      rollout_soak_agent_cpu_pct: (cpu / wall) * 100,
      rollout_soak_rss_delta_per_rollout_mib: (median(kept) - median(before)) / ROLLOUTS,
      rollout_soak_heap_delta_per_rollout_mib: (heapKept - heapBefore) / ROLLOUTS,
      rollout_soak_agent_rss_mib: Math.max(...soaking),
      rollout_soak_zone_requests: (await requests()) - req0,
      rollout_soak_seconds: wall / 1000,
    };
  } finally {
    child.kill();
    await sandbox.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const [k, v] of Object.entries(await benchRolloutSoak()))
    console.log(`${k.padEnd(42)} ${typeof v === 'number' ? v.toFixed(2) : v}`);
}
