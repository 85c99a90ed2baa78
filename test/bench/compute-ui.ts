/**
 * Compute UI figures in Chromium through the browser host (built renderer; ZONEDECK_RENDERER_DIR
 * picks a separate build): a 20,000-container list (first paint, one filter keystroke), the log view
 * with 1,000,000 lines (tail visible, heap). Console throughput is in console-ui.ts.
 */
import { openApp } from '../e2e/support/app';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { details, openTab, selectRow } from '../e2e/support/compute-steps';

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
  } finally {
    await app.close();
    delete process.env.ZONEDECK_SANDBOX_SCALE;
  }
  return out;
}
