/**
 * Compute UI figures in Chromium through the browser host (built renderer; ZONEDECK_RENDERER_DIR
 * picks a separate build): a 20,000-container list (first paint, one filter keystroke), the log view
 * with 1,000,000 lines (tail visible, heap), and console throughput through the agent against
 * xterm's own write rate for the same bytes (plus heap before/after).
 */
import type { Page } from 'playwright-core';
import { openApp } from '../e2e/support/app';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { details, openTab, selectRow, terminalText } from '../e2e/support/compute-steps';

const FLOOD_BYTES = 2_000_000;
type Heap = () => number;
const heapOf = 'performance.memory ? performance.memory.usedJSHeapSize : 0';

export async function benchComputeUi(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { compute_ui: 'skipped: no Chromium' };
  process.env.ZONEDECK_SANDBOX_SCALE = '20000';
  const app = await openApp(chrome);
  const out: Record<string, number | string> = {};
  try {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    // List: from the section click to rows painted; then one keystroke in the filter to the filtered paint.
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'Compute' }).click();
    await nav.getByRole('button', { name: 'MicroVMs', exact: true }).click();
    await page.getByRole('table', { name: 'MicroVMs', exact: true }).waitFor({ timeout: 60_000 });
    await page.evaluate(() => { (window as unknown as { __t: number }).__t = performance.now(); });
    await nav.getByRole('button', { name: 'Containers', exact: true }).click();
    await page.getByRole('table', { name: 'Containers', exact: true }).getByRole('row', { name: /ct-0/ }).first().waitFor({ timeout: 60_000 });
    out.list_rows = Number((await page.getByLabel('Count').first().innerText()).replace(/\D/g, ''));
    out.list_first_paint_ms = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now() - (window as unknown as { __t: number }).__t))));
    const filter = page.getByLabel('Filter containers');
    await filter.focus();
    out.list_keystroke_ms = await page.evaluate(() => new Promise<number>((resolve) => {
      const input = document.activeElement as HTMLInputElement;
      const t = performance.now();
      input.value = '7';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t)));
    }));
    // Virtual scrolling keeps web-1 out of the DOM among 20,000 rows: filter down to it.
    await filter.fill('web-1');

    // Log view: a million lines appended at once, time until the last one is on screen.
    await selectRow(page, 'Containers', 'web-1');
    const pane = details(page, 'web-1');
    await openTab(pane, 'Logs');
    await pane.getByRole('log').waitFor();
    const log = await page.evaluate(async (heap) => {
      const h = new Function(`return ${heap}`) as Heap;
      const before = h();
      const lines = Array.from({ length: 1_000_000 }, (_, i) => `2025-01-01T00:00:00Z stdout ${String(i + 1).padStart(7, '0')} bench line ${i + 1}`);
      const view = (window as unknown as { __zdLogView: { appendLines(l: string[]): void } }).__zdLogView;
      const t = performance.now();
      view.appendLines(lines);
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if ([...document.querySelectorAll('[role=log] .ln')].some((e) => e.textContent?.includes('bench line 1000000'))) break;
        if (performance.now() - t > 10_000) return { ms: -1, mb: 0 };
      }
      return { ms: performance.now() - t, mb: (h() - before) / 1e6 };
    }, heapOf);
    out.log_1m_tail_visible_ms = log.ms;
    out.log_1m_heap_mb = log.mb;

    try {
      Object.assign(out, await consoleFigures(page));
    } catch (e) {
      out.console_error = e instanceof Error ? e.message.slice(0, 200) : String(e);
    }
  } finally {
    await app.close();
    delete process.env.ZONEDECK_SANDBOX_SCALE;
  }
  return out;
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
