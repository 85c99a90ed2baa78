/**
 * Console throughput in Chromium through the browser host: `flood N` in a container terminal
 * through the agent, against writing the same bytes to xterm directly; heap growth meanwhile.
 * Measured through a bare CDP session with Playwright disconnected (see bare-cdp.ts). Both sides
 * draw with the renderer the app chose here (console_renderer: headless Chromium's WebGL is
 * software, so the DOM renderer).
 */
import { chromiumOrSkip } from '../e2e/support/chromium';
import { median, withSpread } from './stats';
import { openSandboxContainers } from './sandbox-steps';
import { details, selectRow } from '../e2e/support/compute-steps';
import { type Cdp, openDetachableApp } from './bare-cdp';
import { flood as floodIn, termOf } from './console-flood';
import { cpuMs, hasProc } from './proc-stats';

/**
 * 24 MB (~0.4 s here) and 15 rounds: with 8 MB and 5 rounds the ratio ranged 55–119 % within one
 * run on the shared 2-core machine, a spread no 5-point change could be seen through. Larger is
 * not possible for the direct side: xterm discards writes queued past 50 MB.
 */
const FLOOD_BYTES = 24_000_000;
/**
 * 21 since #28 (was 15): the goal is now met in three runs of three, and the median of 15 still
 * moved by ±4 points between runs on the shared machine. Each round also swaps which side goes
 * first (agent, then direct; direct, then agent), so a side never always runs right after the
 * other's garbage or a burst of the other's work.
 */
const ROUNDS = 21;
const LABEL = 'Terminal of web-1';
const TERM = termOf(LABEL);
const flood = (cdp: Cdp, bytes: number) => floodIn(cdp, LABEL, bytes);

export async function benchConsoleUi(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { console_ui: 'skipped: no Chromium' };
  const app = await openDetachableApp(chrome);
  try {
    const { page } = app;
    await openSandboxContainers(page);
    await selectRow(page, 'Containers', 'web-1');
    await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
    await page.waitForFunction(
      (l) =>
        (window as unknown as { __zdTerminals?: Record<string, { text(): string }> }).__zdTerminals?.[l]
          ?.text()
          .includes('root@web-1'),
      LABEL,
      { timeout: 20_000 },
    );
    await page.getByLabel(LABEL).first().focus();
    return await consoleFigures(await app.detach(), app.pids.host);
  } catch (e) {
    return { console_error: e instanceof Error ? e.message.slice(0, 200) : String(e) };
  } finally {
    await app.close();
  }
}

/** The same bytes written to xterm directly, in socket-sized chunks, until xterm has parsed them. */
function writeDirectly(cdp: Cdp, n: number): Promise<number> {
  return cdp.evaluate<number>(`(async () => {
    const term = ${TERM};
    const chunk = ('x'.repeat(62) + '\\r\\n').repeat(1024); // 64 KiB, the size of a socket read
    const t = performance.now();
    for (let sent = 0; sent < ${n}; sent += chunk.length) term.write(sent + chunk.length > ${n} ? chunk.slice(0, ${n} - sent) : chunk);
    await new Promise((r) => term.write('', r));
    return (performance.now() - t) / 1000;
  })()`);
}

async function consoleFigures(cdp: Cdp, hostPid: number): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {
    console_renderer: await cdp.evaluate<string>(`${TERM}.renderer()`),
  };
  // The first flood fills the empty scrollback (5000 lines); until it is full xterm re-measures its
  // scrollbar on every line, which costs xterm itself ~0.4 s. Reported apart; both timed runs below
  // then start from the same full scrollback.
  out.console_first_flood_mb_s = 1 / (await flood(cdp, 1_000_000));
  // ROUNDS of each, alternating the two so that other work on the shared machine hits both alike;
  // the ratio is taken per round and its median reported with the spread. Each flood has its own
  // size so its closing line is its own.
  // Heap before and after as live memory (after a full GC): the peak in between also holds garbage
  // V8 has not collected yet; what flow control has to keep small is what stays.
  const liveHeap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
  };
  const heapBefore = await liveHeap();
  await cdp.evaluate(`window.__zdPeakHeap = ${heapBefore}`);
  const agentSecs: number[] = [];
  const directSecs: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const latencyMs: number[] = [];
  // The host's CPU (agent and in-app sandbox) per flood: the console path's share outside the page,
  // read before and after the flood, outside the time the page measures.
  const hostCpuMs: number[] = [];
  // The page's main-thread CPU time (Performance domain: metrics on request, no events), to tell
  // the page's own work apart from waiting for a share of the shared machine's two cores.
  await cdp.send('Performance.enable');
  const mainCpu = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const threadTime = async () =>
      (await cdp.send<{ metrics: { name: string; value: number }[] }>('Performance.getMetrics')).metrics.find(
        (m) => m.name === 'ThreadTime',
      )!.value;
    const before = await threadTime();
    const result = await run();
    return [result, (await threadTime()) - before];
  };
  for (let i = 0; i < ROUNDS; i++) {
    // What a flood pays before its first byte: Enter to the prompt after a 100-byte flood.
    latencyMs.push(1000 * (await flood(cdp, 100 + i)));
    const throughAgent = async () => {
      const hostBefore = hasProc() ? cpuMs(hostPid) : 0;
      const r = await mainCpu(() => flood(cdp, FLOOD_BYTES + i));
      if (hasProc()) hostCpuMs.push(cpuMs(hostPid) - hostBefore);
      return r;
    };
    const directly = () => mainCpu(() => writeDirectly(cdp, FLOOD_BYTES));
    let agentSide: [number, number];
    let directSide: [number, number];
    if (i % 2 === 0) {
      agentSide = await throughAgent();
      directSide = await directly();
    } else {
      directSide = await directly();
      agentSide = await throughAgent();
    }
    const [agent, agentCpu] = agentSide;
    const [direct, directCpu] = directSide;
    agentSecs.push(agent);
    directSecs.push(direct);
    ratios.push((100 * direct) / agent);
    cpuRatios.push((100 * directCpu) / agentCpu);
  }
  await cdp.send('Performance.disable');
  const peakHeap = await cdp.evaluate<number>('window.__zdPeakHeap');
  out.console_agent_mb_s = FLOOD_BYTES / 1e6 / median(agentSecs);
  out.console_xterm_direct_mb_s = FLOOD_BYTES / 1e6 / median(directSecs);
  out.console_ratio_pct = median(ratios);
  out.console_ratio_min_pct = Math.min(...ratios);
  out.console_ratio_max_pct = Math.max(...ratios);
  out.console_latency_ms = median(latencyMs);
  out.console_main_cpu_ratio_pct = median(cpuRatios);
  if (hostCpuMs.length) out.console_host_cpu_ms = median(hostCpuMs);
  console.log(
    `console through the agent / xterm direct (${out.console_renderer} renderer), median (range) of ${ROUNDS}: ${withSpread(ratios)} %; goal ≥ 95 %; a 100-byte flood takes ${withSpread(latencyMs)} ms`,
  );
  console.log(`the page's main-thread CPU for the same bytes, direct / through the agent: ${withSpread(cpuRatios)} %`);
  out.console_heap_growth_peak_mb = (peakHeap - heapBefore) / 1e6;
  out.console_heap_retained_mb = ((await liveHeap()) - heapBefore) / 1e6;
  return out;
}
