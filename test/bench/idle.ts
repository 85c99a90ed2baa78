/**
 * What the app costs when nobody touches it (issue #16, goal 6): three zones signed in (eu-1, us-1
 * and ap-1 of a sandbox this bench starts, SCALE containers each, added through the Add-zone
 * dialog) and eu-1's Containers list open with all its rows, then IDLE_S seconds in which only the
 * app's own polls run (polls that change nothing included). Figures, from Linux's /proc:
 * - the agent's CPU (the built browser host's process: here it holds the agent alone, since the
 *   zones are served by this bench's process, not by the in-app sandbox), in % of one core;
 * - the renderer's CPU (Chromium's renderer processes, % of one core), and Chromium's other
 *   processes (browser, GPU/compositor, utility) beside it;
 * - the agent's resident memory, the highest of one sample a second (and the median, and the last:
 *   the highest is often the window's first second, while the set-up's garbage is still collected).
 * Beside them, informational: the zones' CPU (this bench's process: the three zones answering the
 * polls, plus the bench's own once-a-second sampling) and the number of zone requests in the window.
 * Playwright sets the app up and disconnects before the idle window, so no driver domain runs in it.
 * Goals: agent CPU ≤ 1 %, renderer CPU ≤ 1 %, agent RSS ≤ 150 MiB.
 */
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { loopbackFetch } from '../support/loopback-fetch';
import { startSandbox } from '../../src-main/sandbox/server';
import type { SandboxZone } from '../../src-main/sandbox/core/types';
import { openDetachableApp } from './bare-cdp';
import { chromiumProcesses, cpuMs, hasProc, rssMib } from './proc-stats';
import { addZone } from './sandbox-steps';

/** Containers per zone; ZONEDECK_BENCH_IDLE_SCALE and ZONEDECK_BENCH_IDLE_SECONDS shorten a trial run. */
const SCALE = Number(process.env.ZONEDECK_BENCH_IDLE_SCALE ?? 20_000);
const IDLE_S = Number(process.env.ZONEDECK_BENCH_IDLE_SECONDS ?? 60);
/** After the list is in: start-up work (code compiled late, the first refreshes, GC) settles first. */
const SETTLE_MS = 10_000;

export async function benchIdle(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { idle: 'skipped: no Chromium' };
  if (!hasProc()) return { idle: 'skipped: needs Linux /proc' };
  const sandbox = await startSandbox({ port: 0, zones: ['eu-1', 'us-1', 'ap-1'], scale: SCALE });
  const app = await openDetachableApp(chrome);
  try {
    await signInThreeAndOpenList(app.page, sandbox.zones);
    const cdp = await app.detach();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const renderers = () => chromiumProcesses(app.pids.browser).filter((p) => p.type === 'renderer');
    const others = () => [
      app.pids.browser,
      ...chromiumProcesses(app.pids.browser)
        .filter((p) => p.type !== 'renderer')
        .map((p) => p.pid),
    ];
    const sum = (pids: number[]) => pids.reduce((n, pid) => n + cpuMs(pid), 0);
    const requests = () => Promise.all(sandbox.zones.map((z) => zoneRequests(z)));

    const before = {
      agent: cpuMs(app.pids.host),
      renderer: sum(renderers().map((p) => p.pid)),
      others: sum(others()),
      sandbox: process.cpuUsage(),
      requests: await requests(),
      wall: performance.now(),
    };
    const rss: number[] = [];
    for (let s = 0; s < IDLE_S; s++) {
      await new Promise((r) => setTimeout(r, 1_000));
      rss.push(rssMib(app.pids.host));
    }
    const rssPeak = Math.max(...rss);
    const wall = performance.now() - before.wall;
    const pct = (ms: number) => (ms / wall) * 100;
    const sandboxCpu = process.cpuUsage(before.sandbox);
    const after = await requests();
    const shown = await cdp.evaluate<string>(`document.querySelector('[aria-label="Count"]')?.textContent ?? ''`);
    const out = {
      idle_agent_cpu_pct: pct(cpuMs(app.pids.host) - before.agent),
      idle_renderer_cpu_pct: pct(sum(renderers().map((p) => p.pid)) - before.renderer),
      idle_chromium_other_cpu_pct: pct(sum(others()) - before.others),
      idle_zones_cpu_pct: pct((sandboxCpu.user + sandboxCpu.system) / 1000),
      idle_agent_rss_mib: rssPeak,
      idle_agent_rss_median_mib: [...rss].sort((a, b) => a - b)[rss.length >> 1]!,
      idle_agent_rss_end_mib: rssMib(app.pids.host),
      idle_zone_requests: after.reduce((n, r, i) => n + r.count - before.requests[i]!.count, 0),
      idle_seconds: wall / 1000,
    };
    const paths = after.flatMap((r) =>
      r.recent.filter((q) => Date.parse(q.at) >= Date.now() - wall).map((q) => q.path),
    );
    console.log(
      `idle ${out.idle_seconds.toFixed(0)} s, 3 zones, list showing ${shown}: agent ${out.idle_agent_cpu_pct.toFixed(2)} % CPU, ${out.idle_agent_rss_mib.toFixed(0)} MiB (median ${out.idle_agent_rss_median_mib.toFixed(0)}); renderer ${out.idle_renderer_cpu_pct.toFixed(2)} %; other Chromium ${out.idle_chromium_other_cpu_pct.toFixed(2)} %; zones ${out.idle_zones_cpu_pct.toFixed(2)} %; ${out.idle_zone_requests} zone requests (${summarise(paths)})`,
    );
    return out;
  } finally {
    await app.close();
    await sandbox.close();
  }
}

/** eu-1 from the first-run screen, us-1 and ap-1 from the rail, then eu-1's Containers with every row counted. */
async function signInThreeAndOpenList(page: Page, zones: SandboxZone[]): Promise<void> {
  for (const [i, z] of zones.entries()) await addZone(page, z.id, z.baseUrl, i === 0 ? 'first-run' : 'rail');
  await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1', exact: true }).click();
  await page.mouse.move(800, 500); // off the rail: eu-1's tooltip would cover the sidebar
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'Compute' }).click();
  await nav.getByRole('button', { name: 'Containers', exact: true }).click();
  const count = page.getByLabel('Count');
  for (let i = 0; i < 600 && Number(((await count.textContent()) ?? '').replace(/\D/g, '')) < SCALE; i++)
    await page.waitForTimeout(100);
  const shown = Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  if (shown < SCALE) throw new Error(`the list showed ${shown} of ${SCALE} containers after 60 s`);
}

async function zoneRequests(z: SandboxZone): Promise<{ count: number; recent: { path: string; at: string }[] }> {
  return (await (await loopbackFetch(`${z.baseUrl}/_sandbox/requests`)).json()) as {
    count: number;
    recent: { path: string; at: string }[];
  };
}

/** "12× /v1/containers, 3× /v1/…": what the zones were asked in the window (the last 50 per zone). */
function summarise(paths: string[]): string {
  const n = new Map<string, number>();
  for (const p of paths) n.set(p.split('?')[0]!, (n.get(p.split('?')[0]!) ?? 0) + 1);
  return [...n].map(([p, c]) => `${c}× ${p}`).join(', ');
}
