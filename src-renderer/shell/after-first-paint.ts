/**
 * Code the first screen does not need waits, once, for that screen to be painted (issue #28): a
 * screen's import adds a link element per chunk and stylesheet it needs (~40 for a list screen),
 * which in the task that draws the rail delayed its first frame by tens of ms. Later imports do
 * not wait: after the first paint there is nothing to get ahead of.
 */
let painted = false;
let firstPaint: Promise<void> | null = null;

/** Resolves once the page's first frame with content is painted (at once after that, or in a hidden page). */
export function afterFirstPaint(): Promise<void> {
  if (painted || document.visibilityState === 'hidden') return Promise.resolve();
  // A frame's callbacks run before it is painted; a task queued from one runs after.
  firstPaint ??= new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))).then(() => {
    painted = true;
  });
  return firstPaint;
}
