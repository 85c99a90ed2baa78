/**
 * The first screen after navigation (issue #16, goal 5: ≤ 400 ms): from navigation start (the
 * page's time origin) to the frame painted with the first screen usable — the first-run screen's
 * heading for a fresh data dir, the zone rail with a zone in it for a data dir that has the sandbox
 * zone signed in. Each round navigates the same tab again: "cold" with the browser's cache cleared
 * first (a first visit, or the first after an upgrade), "warm" right after it (hashed assets come
 * from the cache, as on every later start). Median and range of ROUNDS, cold and warm interleaved.
 * Timed in the page over a bare CDP session (bare-cdp.ts): no driver domain is enabled meanwhile.
 */
import { chromiumOrSkip } from '../e2e/support/chromium';
import { signInWithMailboxCode } from '../e2e/support/flows';
import { type Cdp, openDetachableApp } from './bare-cdp';
import { median } from './stats';

const ROUNDS = 7;

/** Either first screen: the first-run heading, or a zone's button in the rail. */
const FIRST_SCREEN = '#first-run-title, nav[aria-label="Zones"] li button';

/**
 * In every new document: each frame, look for the first screen; once it is in the frame being
 * prepared, a message posted now runs after that frame is painted, and records the time then.
 */
function probe(selector: string): void {
  const w = window as unknown as { __zdFirstScreen?: number };
  const shown = (): boolean => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const frame = (): number =>
    requestAnimationFrame(() => {
      if (!shown()) return void frame();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (w.__zdFirstScreen = performance.now());
      ch.port2.postMessage(0);
    });
  frame();
}

/** Navigates the tab to `url` again and returns the ms from navigation start to the first screen. */
async function navigateAndTime(cdp: Cdp, url: string, cold: boolean): Promise<number> {
  // Leave the app first: the host's address differs from the page's only by its fragment (the app
  // drops the token from it), and a fragment alone would not load the document again.
  await cdp.send('Page.navigate', { url: 'about:blank' });
  if (cold) await cdp.send('Network.clearBrowserCache');
  await cdp.send('Page.navigate', { url });
  const deadline = Date.now() + 30_000;
  for (;;) {
    // While the new document is made there may be no context to ask: ask again.
    const ms = await cdp.evaluate<number | null>('window.__zdFirstScreen ?? null').catch(() => null);
    if (typeof ms === 'number') return ms;
    if (Date.now() > deadline) throw new Error('the first screen did not show within 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function rounds(cdp: Cdp, url: string): Promise<{ cold: number[]; warm: number[] }> {
  // Scripts for new documents need the Page domain (its events are read by no one here).
  await cdp.send('Page.enable');
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    // The probe runs in the page as source text; tsx's keepNames wraps inner functions in __name().
    source: `var __name = (f) => f; (${probe.toString()})(${JSON.stringify(FIRST_SCREEN)})`,
  });
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    cold.push(await navigateAndTime(cdp, url, true));
    warm.push(await navigateAndTime(cdp, url, false));
  }
  return { cold, warm };
}

function figures(prefix: string, xs: number[]): Record<string, number> {
  return { [`${prefix}_ms`]: median(xs), [`${prefix}_min_ms`]: Math.min(...xs), [`${prefix}_max_ms`]: Math.max(...xs) };
}

export async function benchFirstScreen(): Promise<Record<string, number | string>> {
  const chrome = chromiumOrSkip();
  if (!chrome) return { first_screen: 'skipped: no Chromium' };
  const out: Record<string, number> = {};
  // A fresh data dir: the first-run screen.
  const fresh = await openDetachableApp(chrome);
  try {
    await fresh.page.getByRole('heading', { name: 'Zonedeck' }).waitFor();
    const { cold, warm } = await rounds(await fresh.detach(), fresh.url);
    Object.assign(out, figures('first_screen', cold), figures('first_screen_warm', warm));
  } finally {
    await fresh.close();
  }
  // A returning person: the sandbox zone added and signed in, so the shell shows.
  const used = await openDetachableApp(chrome);
  try {
    const { page } = used;
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    await page.getByRole('contentinfo', { name: 'Status bar' }).getByText('signed in as dev@example.com').waitFor();
    const { cold, warm } = await rounds(await used.detach(), used.url);
    Object.assign(out, figures('first_screen_shell', cold), figures('first_screen_shell_warm', warm));
  } finally {
    await used.close();
  }
  const line = (k: string) =>
    `${out[`${k}_ms`]!.toFixed(0)} (${out[`${k}_min_ms`]!.toFixed(0)}–${out[`${k}_max_ms`]!.toFixed(0)})`;
  console.log(
    `first screen after navigation: first-run ${line('first_screen')} cold, ${line('first_screen_warm')} warm; shell ${line('first_screen_shell')} cold, ${line('first_screen_shell_warm')} warm; goal ≤ 400 ms`,
  );
  return out;
}
