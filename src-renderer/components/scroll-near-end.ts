/**
 * Whether a scroll event is the person moving down to near the end of a box they can scroll. Only
 * that loads older rows: a box the person cannot scroll (overflow hidden, which script and focus
 * still move; a hidden one measures 0 everywhere; a cut-off cell), a position moved up or only
 * sideways (the browser clamping it after rows changed, a table scrolled across), never does.
 * Judged by the distance alone, CI once saw a history load its second page before anyone scrolled.
 */
export function scrolledNearEnd(nearEnd: () => number): (el: HTMLElement) => boolean {
  const lastTop = new WeakMap<HTMLElement, number>();
  const scrollable = new WeakMap<HTMLElement, boolean>();
  const userScrolls = (el: HTMLElement): boolean => {
    let yes = scrollable.get(el);
    if (yes === undefined) {
      yes = /^(auto|scroll|overlay)$/.test(getComputedStyle(el).overflowY);
      scrollable.set(el, yes);
    }
    return yes;
  };
  return (el) => {
    const before = lastTop.get(el) ?? 0;
    lastTop.set(el, el.scrollTop);
    if (el.scrollTop <= before || el.scrollHeight <= el.clientHeight || !userScrolls(el)) return false;
    return el.scrollHeight - el.scrollTop - el.clientHeight < nearEnd();
  };
}
