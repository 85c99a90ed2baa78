/**
 * Timing a long list in the page, shared by the list benchmarks (compute-ui.ts, all-zones.ts): the
 * click that opens the list to its first rows painted, and filter keystrokes to the filtered rows
 * painted (median and slowest of SAMPLES), all measured in the page over a bare CDP session.
 */
import type { Page } from 'playwright-core';
import type { Cdp } from './bare-cdp';

interface Probe {
  __zdTable: string;
  __zdRowText: string;
  __zdRows: () => HTMLElement[];
}

/** The body rows of the list's table in the DOM (not its header, not the virtual list's spacers). */
function listRows(): HTMLElement[] {
  const table = document.querySelector(`table[aria-label="${(window as unknown as Probe).__zdTable}"]`);
  return table ? [...table.querySelectorAll<HTMLElement>('tbody tr[data-key]')] : [];
}

/**
 * In the page: waits for the next click, then for list rows showing the probe's row text, and
 * resolves after the frame that shows them is painted (a task after requestAnimationFrame).
 */
function paintedAfterClick(): Promise<number> {
  return new Promise<number>((resolve) => {
    document.addEventListener(
      'click',
      () => {
        const t = performance.now();
        const probe = window as unknown as Probe;
        const frame = (): number =>
          requestAnimationFrame(() => {
            if (probe.__zdRows().some((r) => (r.textContent ?? '').includes(probe.__zdRowText)))
              setTimeout(() => resolve(performance.now() - t));
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
        const rows = (window as unknown as Probe).__zdRows;
        const frame = (): number =>
          requestAnimationFrame(() => {
            const shown = rows();
            const terms = input.value.toLowerCase().split(/\s+/).filter(Boolean);
            if (
              count() !== before &&
              count().includes(' of ') &&
              shown.length > 0 &&
              shown.every((r) => terms.every((q) => (r.textContent ?? '').toLowerCase().includes(q)))
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

const KEYS: Record<string, { code: string; vk: number; text?: string }> = {
  '1': { code: 'Digit1', vk: 49, text: '1' },
  '7': { code: 'Digit7', vk: 55, text: '7' },
  Backspace: { code: 'Backspace', vk: 8 },
};
/** Keystrokes timed per kind: one alone is at the mercy of whatever else the two cores do at that moment. */
export const SAMPLES = 9;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface ListTimer {
  /** From evaluating `click` (an expression that clicks) to the first rows painted, in ms. */
  firstPaint(click: string): Promise<number>;
  /** The count badge's text ("60,000", "12 of 60,000"). */
  count(): Promise<string>;
  /** The rows the filter leaves now (the first number of "n of total"). */
  matching(): Promise<number>;
  /** Selects the filter's text and types `text` in its place (not timed). */
  typeFilter(text: string): Promise<void>;
  /** `key` timed SAMPLES times (each taken back with Backspace), then pressed once more; figures into `out`. */
  keyFigures(key: string, name: string, out: Record<string, number>): Promise<number>;
}

/** Installs the probes for the table labelled `table` whose rows show `rowText` once loaded. */
export async function listTimer(cdp: Cdp, table: string, rowText: string): Promise<ListTimer> {
  // The helpers run in the page as source text; tsx's keepNames wraps inner functions in __name().
  await cdp.evaluate(
    `window.__name = (f) => f; window.__zdTable = ${JSON.stringify(table)}; window.__zdRowText = ${JSON.stringify(rowText)}; window.__zdRows = ${listRows.toString()}; 0`,
  );
  const filter = `document.querySelector('input[aria-label="Filter ${table.toLowerCase()}"]')`;
  const count = () => cdp.evaluate<string>(`document.querySelector('[aria-label="Count"]').textContent`);
  const matching = async () => Number((await count()).split(' of ')[0]!.replace(/\D/g, ''));
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
   * the samples also meet the lists' live refresh.
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
  return {
    async firstPaint(click) {
      await cdp.evaluate(`window.__zdWait = (${paintedAfterClick.toString()})(); 0`); // (not awaited here)
      await cdp.evaluate(click);
      return cdp.evaluate<number>('window.__zdWait');
    },
    count,
    matching,
    async typeFilter(text) {
      await cdp.evaluate(`${filter}.select(); 0`);
      await cdp.send('Input.insertText', { text });
      await new Promise((r) => setTimeout(r, 300));
    },
    async keyFigures(key, name, out) {
      const t = await timeKey(key);
      out[name] = t.median;
      out[name.replace(/_ms$/, '_max_ms')] = t.max;
      await press(key);
      await new Promise((r) => setTimeout(r, 300));
      return matching();
    },
  };
}

/** An expression clicking the Areas sidebar's button whose text is `text` (the last one, if several). */
export function clickSidebar(text: string): string {
  return `[...document.querySelectorAll('nav[aria-label="Areas"] button')].filter((b) => b.textContent.trim() === ${JSON.stringify(text)}).pop().click()`;
}

/**
 * All zones › Containers read once (its first rows shown), then MicroVMs: the timed click on
 * Containers that follows finds the list in the cache, as a person coming back to it would.
 */
export async function primeAllZonesContainers(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: 'All zones', exact: true }).click();
  await page
    .getByRole('table', { name: 'Containers', exact: true })
    .getByRole('row', { name: /ct-0/ })
    .first()
    .waitFor({ timeout: 120_000 });
  await nav.getByRole('button', { name: 'MicroVMs', exact: true }).click();
  await page.getByRole('table', { name: 'MicroVMs', exact: true }).waitFor({ timeout: 60_000 });
}
