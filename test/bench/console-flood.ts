/**
 * Driving a console flood through a bare CDP session: type `flood N` into the terminal labelled
 * `label`, then wait for its closing line. The page watches for the line itself every 10 ms
 * through `tail` (a few lines only), so no round trips run beside the flood; the page's peak heap
 * is kept in `__zdPeakHeap` meanwhile.
 */
import type { Cdp } from './bare-cdp';

export const termOf = (label: string) => `window.__zdTerminals[${JSON.stringify(label)}]`;

/** Types the command into the terminal and presses Enter; the start time (typing is not throughput). */
export async function startFlood(cdp: Cdp, label: string, bytes: number): Promise<number> {
  await cdp.evaluate(`document.querySelector(${JSON.stringify(`textarea[aria-label="${label}"]`)})?.focus()`);
  await cdp.send('Input.insertText', { text: `flood ${bytes}` });
  const t0 = Date.now();
  for (const type of ['keyDown', 'keyUp']) {
    await cdp.send('Input.dispatchKeyEvent', {
      type,
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
      ...(type === 'keyDown' ? { text: '\r' } : {}),
    });
  }
  return t0;
}

/** Seconds from `t0` until the flood's closing line shows; throws after 60 s. */
export async function floodDone(cdp: Cdp, label: string, bytes: number, t0: number): Promise<number> {
  const term = termOf(label);
  const seen = await cdp.evaluate<boolean>(`new Promise((resolve) => {
    const started = performance.now();
    const timer = setInterval(() => {
      window.__zdPeakHeap = Math.max(window.__zdPeakHeap ?? 0, performance.memory ? performance.memory.usedJSHeapSize : 0);
      const done = ${term}.tail(4).includes(${JSON.stringify(`[flood] ${bytes} bytes`)});
      if (done || performance.now() - started > 60000) { clearInterval(timer); resolve(done); }
    }, 10);
  })`);
  const secs = (Date.now() - t0) / 1000;
  if (!seen)
    throw new Error(
      `flood did not finish in 60 s; ${label} shows: ${(await cdp.evaluate<string>(`${term}.tail(6)`)).slice(-300)}`,
    );
  return secs;
}

export async function flood(cdp: Cdp, label: string, bytes: number): Promise<number> {
  return floodDone(cdp, label, bytes, await startFlood(cdp, label, bytes));
}
