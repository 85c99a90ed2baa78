/**
 * What Chromium (Electron's renderer) has and happy-dom lacks, for every component test:
 * requestIdleCallback, which ResourceList uses to build filter text while the page is idle.
 */
if (typeof globalThis.requestIdleCallback !== 'function') {
  globalThis.requestIdleCallback = (fn: IdleRequestCallback): number => {
    const start = Date.now();
    return setTimeout(
      () => fn({ didTimeout: false, timeRemaining: () => Math.max(0, 50 - (Date.now() - start)) }),
      1,
    ) as unknown as number;
  };
  globalThis.cancelIdleCallback = (id: number): void => clearTimeout(id);
}
