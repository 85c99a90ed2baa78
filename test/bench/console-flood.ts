/**
 * Driving a console flood through a bare CDP session: type `flood N` into the terminal labelled
 * `label`, then wait for its closing line. Both ends are timed in the page: from the Enter key's
 * keydown to the parse that brought the closing line (the page looks at the last few lines after
 * each batch xterm parses), so neither CDP's round trips nor a polling interval count as console
 * time. The page's peak heap is kept in `__zdPeakHeap` meanwhile.
 */
import type { Cdp } from './bare-cdp';

export const termOf = (label: string) => `window.__zdTerminals[${JSON.stringify(label)}]`;

/** Types the command into the terminal and presses Enter; the page notes when Enter went down. */
export async function startFlood(cdp: Cdp, label: string, bytes: number): Promise<void> {
  await cdp.evaluate(`(() => {
    const box = document.querySelector(${JSON.stringify(`textarea[aria-label="${label}"]`)});
    box.focus();
    const starts = (window.__zdFloodStart ??= {});
    delete starts[${JSON.stringify(label)}];
    const onKey = (e) => {
      if (e.key !== 'Enter') return;
      starts[${JSON.stringify(label)}] = performance.now();
      box.removeEventListener('keydown', onKey, true);
    };
    box.addEventListener('keydown', onKey, true);
  })()`);
  await cdp.send('Input.insertText', { text: `flood ${bytes}` });
  for (const type of ['keyDown', 'keyUp']) {
    await cdp.send('Input.dispatchKeyEvent', {
      type,
      key: 'Enter',
      code: 'Enter',
      windowsVirtualKeyCode: 13,
      ...(type === 'keyDown' ? { text: '\r' } : {}),
    });
  }
}

/** Seconds from Enter until the flood's closing line was parsed; throws after 60 s. */
export async function floodDone(cdp: Cdp, label: string, bytes: number): Promise<number> {
  const term = termOf(label);
  const ms = await cdp.evaluate<number>(`new Promise((resolve) => {
    const term = ${term};
    const closing = ${JSON.stringify(`[flood] ${bytes} bytes`)};
    let stop = () => {};
    let sampled = 0;
    const check = () => {
      // Reading performance.memory costs ~0.1 ms: every 50 ms is enough for a peak and costs the flood little.
      if (performance.memory && performance.now() - sampled > 50) {
        sampled = performance.now();
        window.__zdPeakHeap = Math.max(window.__zdPeakHeap ?? 0, performance.memory.usedJSHeapSize);
      }
      if (!term.tail(4).includes(closing)) return;
      stop();
      resolve(performance.now() - window.__zdFloodStart[${JSON.stringify(label)}]);
    };
    const off = term.parsed(check);
    const timer = setTimeout(() => { stop(); resolve(-1); }, 60000);
    stop = () => { off(); clearTimeout(timer); };
    check();
  })`);
  if (ms < 0)
    throw new Error(
      `flood did not finish in 60 s; ${label} shows: ${(await cdp.evaluate<string>(`${term}.tail(6)`)).slice(-300)}`,
    );
  return ms / 1000;
}

export async function flood(cdp: Cdp, label: string, bytes: number): Promise<number> {
  await startFlood(cdp, label, bytes);
  return floodDone(cdp, label, bytes);
}
