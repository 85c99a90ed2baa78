/**
 * Console throughput in Chromium through the browser host: `flood N` in a container terminal
 * through the agent, against writing the same bytes to xterm directly; heap growth meanwhile.
 */
import type { Page } from 'playwright-core';
import { openApp } from '../e2e/support/app';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { details, selectRow, terminalText } from '../e2e/support/compute-steps';

const FLOOD_BYTES = 2_000_000;
const heapOf = 'performance.memory ? performance.memory.usedJSHeapSize : 0';

export async function benchConsoleUi(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { console_ui: 'skipped: no Chromium' };
  const app = await openApp(chrome);
  try {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'Compute' }).click();
    await nav.getByRole('button', { name: 'Containers', exact: true }).click();
    await selectRow(page, 'Containers', 'web-1');
    return await consoleFigures(page);
  } catch (e) {
    return { console_error: e instanceof Error ? e.message.slice(0, 200) : String(e) };
  } finally {
    await app.close();
  }
}

async function consoleFigures(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  {
    // Console: flood through the agent until "[flood] N bytes" shows, against writing the same bytes to xterm directly.
    await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
    const label = 'Terminal of web-1';
    await page.waitForFunction((l) => (window as unknown as { __zdTerminals?: Record<string, { text(): string }> }).__zdTerminals?.[l]?.text().includes('root@web-1'), label, { timeout: 20_000 });
    const heapBefore = Number(await page.evaluate(heapOf));
    await page.getByLabel(label).first().focus();
    const t0 = Date.now();
    await page.keyboard.type(`flood ${FLOOD_BYTES}\r`);
    let peakHeap = heapBefore;
    for (;;) {
      if ((await terminalText(page, label)).includes(`[flood] ${FLOOD_BYTES} bytes`)) break;
      peakHeap = Math.max(peakHeap, Number(await page.evaluate(heapOf)));
      if (Date.now() - t0 > 60_000) throw new Error(`flood did not finish in a minute; the terminal shows: ${(await terminalText(page, label)).slice(-300)}`);
      await page.waitForTimeout(100);
    }
    const agentSecs = (Date.now() - t0) / 1000;
    const directSecs = await page.evaluate(async ({ l, n }) => {
      const term = (window as unknown as { __zdTerminals: Record<string, { write(d: string, cb?: () => void): void }> }).__zdTerminals[l]!;
      const line = `${'x'.repeat(62)}\r\n`;
      const chunk = line.repeat(1024); // 64 KiB, the size of a socket read
      const t = performance.now();
      let sent = 0;
      await new Promise<void>((resolve) => {
        const pump = () => {
          while (sent < n) { sent += chunk.length; if (sent >= n) { term.write(chunk, resolve); return; } term.write(chunk); if (sent % (chunk.length * 64) === 0) { setTimeout(pump); return; } }
        };
        pump();
      });
      return (performance.now() - t) / 1000;
    }, { l: label, n: FLOOD_BYTES });
    out.console_agent_mb_s = FLOOD_BYTES / 1e6 / agentSecs;
    out.console_xterm_direct_mb_s = FLOOD_BYTES / 1e6 / directSecs;
    out.console_ratio_pct = (100 * directSecs) / agentSecs;
    out.console_heap_growth_peak_mb = (peakHeap - heapBefore) / 1e6;
  }
  return out;
}
