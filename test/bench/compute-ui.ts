/**
 * Compute UI figures in Chromium through the browser host (built renderer; ZONEDECK_RENDERER_DIR
 * picks a separate build): a 20,000-container list (first paint; one filter keystroke that keeps every
 * row and one that narrows to ten, each from the key press to the frame painted with the filtered rows
 * and count), the log view with 1,000,000 lines (tail visible, heap). Console throughput is in console-ui.ts.
 * The list is timed with Playwright disconnected (bare-cdp.ts): attached, it has Chromium copy every
 * 3-s refresh of the 20,000 rows (one large JSON frame) to the driver, on the same two cores.
 * Goals (issue #6): first paint <= 500 ms, keystroke <= 50 ms (the median of 9; the slowest is reported too).
 */
import type { Page } from 'playwright-core';
import { chromiumOrSkip } from '../e2e/support/chromium';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { details, openTab, selectRow } from '../e2e/support/compute-steps';
import { type Cdp, openDetachableApp } from './bare-cdp';

type Heap = () => number;

/** The body rows of the Containers table in the DOM (not its header, not the virtual list's spacers). */
function containerRows(): HTMLElement[] {
  const table = document.querySelector('table[aria-label="Containers"]');
  return table ? [...table.querySelectorAll<HTMLElement>('tbody tr[data-key]')] : [];
}

/**
 * In the page: waits for the next click, then for container rows in the DOM, and resolves after the
 * frame that shows them is painted (a task after requestAnimationFrame). Runs before the click.
 */
function paintedAfterClick(): Promise<number> {
  return new Promise<number>((resolve) => {
    document.addEventListener(
      'click',
      () => {
        const t = performance.now();
        const rows = (window as unknown as { __zdRows: typeof containerRows }).__zdRows;
        const frame = (): number =>
          requestAnimationFrame(() => {
            if (rows().some((r) => /ct-0/.test(r.textContent ?? ''))) setTimeout(() => resolve(performance.now() - t));
            else if (performance.now() - t > 60_000) resolve(-1);
            else frame();
          });
        frame();
      },
      { capture: true, once: true },
    );
  });
}

/**
 * In the page: from the next key press in the filter to the frame painted with the new count and only
 * rows that show the filter's text (pick a query the rows display, not one matched by a hidden id).
 */
function paintedAfterKey(): Promise<number> {
  return new Promise<number>((resolve) => {
    const count = (): string => document.querySelector('[aria-label="Count"]')?.textContent ?? '';
    const before = count();
    document.addEventListener(
      'keydown',
      (e) => {
        const t = performance.now();
        const input = e.target as HTMLInputElement;
        const rows = (window as unknown as { __zdRows: typeof containerRows }).__zdRows;
        const frame = (): number =>
          requestAnimationFrame(() => {
            const shown = rows();
            const q = input.value.toLowerCase();
            if (
              count() !== before &&
              count().includes(' of ') &&
              shown.length > 0 &&
              shown.every((r) => (r.textContent ?? '').toLowerCase().includes(q))
            ) {
              // The frame being prepared shows the rows; a message posted now runs once it is painted
              // (setTimeout here waits for the next timer slot, which in headless Chromium adds a frame).
              const ch = new MessageChannel();
              ch.port1.onmessage = () => resolve(performance.now() - t);
              ch.port2.postMessage(0);
            } else if (performance.now() - t > 10_000) resolve(-1);
            else frame();
          });
        frame();
      },
      { capture: true, once: true },
    );
  });
}
const heapOf = 'performance.memory ? performance.memory.usedJSHeapSize : 0';

export async function benchComputeUi(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { compute_ui: 'skipped: no Chromium' };
  process.env.ZONEDECK_SANDBOX_SCALE = '20000';
  const app = await openDetachableApp(chrome);
  try {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'Compute' }).click();
    await nav.getByRole('button', { name: 'Containers', exact: true }).click();
    const log = await logFigures(page);
    await page.getByRole('button', { name: 'Close details' }).click();
    await nav.getByRole('button', { name: 'MicroVMs', exact: true }).click();
    await page.getByRole('table', { name: 'MicroVMs', exact: true }).waitFor({ timeout: 60_000 });
    return { ...(await listFigures(await app.detach())), ...log };
  } finally {
    await app.close();
    delete process.env.ZONEDECK_SANDBOX_SCALE;
  }
}

/** Log view: a million lines appended at once, time until the last one is on screen. */
async function logFigures(page: Page): Promise<Record<string, number>> {
  // Virtual scrolling keeps web-1 out of the DOM among 20,000 rows: filter down to it.
  await page.getByLabel('Filter containers').fill('web-1');
  await selectRow(page, 'Containers', 'web-1');
  const pane = details(page, 'web-1');
  await openTab(pane, 'Logs');
  await pane.getByRole('log').waitFor();
  const log = await page.evaluate(async (heap) => {
    const h = new Function(`return ${heap}`) as Heap;
    const before = h();
    const lines = Array.from(
      { length: 1_000_000 },
      (_, i) => `2025-01-01T00:00:00Z stdout ${String(i + 1).padStart(7, '0')} bench line ${i + 1}`,
    );
    const view = (window as unknown as { __zdLogView: { appendLines(l: string[]): void } }).__zdLogView;
    const t = performance.now();
    view.appendLines(lines);
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if ([...document.querySelectorAll('[role=log] .ln')].some((e) => e.textContent?.includes('bench line 1000000')))
        break;
      if (performance.now() - t > 10_000) return { ms: -1, mb: 0 };
    }
    return { ms: performance.now() - t, mb: (h() - before) / 1e6 };
  }, heapOf);
  await page.getByLabel('Filter containers').fill('');
  return { log_1m_tail_visible_ms: log.ms, log_1m_heap_mb: log.mb };
}

const KEYS: Record<string, { code: string; vk: number; text?: string }> = {
  '1': { code: 'Digit1', vk: 49, text: '1' },
  '7': { code: 'Digit7', vk: 55, text: '7' },
  Backspace: { code: 'Backspace', vk: 8 },
};
/** Keystrokes timed per kind: one alone is at the mercy of whatever else the two cores do at that moment. */
const SAMPLES = 9;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The list, from the MicroVMs screen: the click on "Containers" to the first rows painted, then
 * keystrokes in the filter to the filtered rows painted, all timed in the page.
 */
async function listFigures(cdp: Cdp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  // The helpers run in the page as source text; tsx's keepNames wraps inner functions in __name().
  await cdp.evaluate(`window.__name = (f) => f; window.__zdRows = ${containerRows.toString()}; 0`);
  await cdp.evaluate(`window.__zdWait = (${paintedAfterClick.toString()})(); 0`); // (not awaited here)
  await cdp.evaluate(
    `[...document.querySelectorAll('nav[aria-label="Areas"] button')].find((b) => b.textContent.trim() === 'Containers').click()`,
  );
  out.list_first_paint_ms = await cdp.evaluate<number>('window.__zdWait');
  const count = () => cdp.evaluate<string>(`document.querySelector('[aria-label="Count"]').textContent`);
  const matching = async () => Number((await count()).split(' of ')[0]!.replace(/\D/g, ''));
  out.list_rows = Number((await count()).replace(/\D/g, ''));
  const filter = `document.querySelector('input[aria-label="Filter containers"]')`;
  const press = async (key: string) => {
    const { code, vk, text } = KEYS[key]!;
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key,
      code,
      windowsVirtualKeyCode: vk,
      ...(text ? { text } : {}),
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode: vk });
  };
  /**
   * SAMPLES times: `key` pressed in the filter, timed in the page until the filtered rows are
   * painted, then taken back with Backspace (not timed) and a pause. Spread over several seconds,
   * the samples also meet the list's 3-s live refresh.
   */
  const timeKey = async (key: string): Promise<{ median: number; max: number }> => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await cdp.evaluate(`${filter}.focus(); window.__zdWait = (${paintedAfterKey.toString()})(); 0`); // (not awaited here)
      await press(key);
      times.push(await cdp.evaluate<number>('window.__zdWait'));
      await press('Backspace');
      await new Promise((r) => setTimeout(r, 350));
    }
    if (times.some((t) => t < 0)) throw new Error(`a keystroke never showed its rows: ${times.join(', ')}`);
    return { median: median(times), max: Math.max(...times) };
  };
  /** The median and slowest of `key`, then the key pressed once more to count the rows it leaves. */
  const keyFigures = async (key: string, name: string): Promise<number> => {
    const t = await timeKey(key);
    out[name] = t.median;
    out[name.replace(/_ms$/, '_max_ms')] = t.max;
    await press(key);
    await new Promise((r) => setTimeout(r, 300));
    return matching();
  };
  // "7" matches every sandbox row (all show a host id with a 7): the whole list filtered and redrawn.
  out.list_rows_matching_7 = await keyFigures('7', 'list_keystroke_ms');
  // A narrowing key: "ct-000" then "1", 20,000 rows down to a handful.
  await cdp.evaluate(`${filter}.select(); 0`);
  await cdp.send('Input.insertText', { text: 'ct-000' });
  await new Promise((r) => setTimeout(r, 300));
  out.list_rows_matching_ct_0001 = await keyFigures('1', 'list_keystroke_narrowing_ms');
  return out;
}
