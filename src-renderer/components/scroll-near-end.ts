/**
 * Whether a scroll event is the person moving down to near the end of a box that scrolls. Only that
 * loads older rows: a box that cannot scroll (a hidden one measures 0 everywhere; a cut-off cell
 * only holds its text), a position moved up or only sideways (the browser clamping it after rows
 * changed, a table scrolled across), never does. Judged by the distance alone, CI once saw a history
 * load its second page before anyone scrolled.
 */
export function scrolledNearEnd(nearEnd: () => number): (el: HTMLElement) => boolean {
  const lastTop = new WeakMap<HTMLElement, number>();
  return (el) => {
    const before = lastTop.get(el) ?? 0;
    lastTop.set(el, el.scrollTop);
    if (el.scrollTop <= before || el.scrollHeight <= el.clientHeight) return false;
    return el.scrollHeight - el.scrollTop - el.clientHeight < nearEnd();
  };
}
