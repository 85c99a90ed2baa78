/**
 * Naive UI's card header (every dialog made with n-modal's card preset) is a role="heading" with no
 * level, wrapping another role="heading" and the close button: screen readers get a heading with
 * no level that holds a button (the accessibility audit refuses it). Until the library mends it,
 * the outer one loses its role and the title gets level 2. Only the teleported modal containers
 * are watched, not the whole page: a long list's scrolling never reaches this code.
 */
const HEADER = '.n-card-header[role="heading"]';
const TITLE = '.n-card-header__main[role="heading"]:not([aria-level])';

function mend(root: Element): void {
  for (const h of root.querySelectorAll(HEADER)) h.setAttribute('role', 'none');
  for (const t of root.querySelectorAll(TITLE)) t.setAttribute('aria-level', '2');
}

/** Starts mending the headings of dialogs as they open; returns the stop. */
export function mendModalHeadings(body: HTMLElement = document.body): () => void {
  const inside = new MutationObserver((records) => {
    for (const r of records) if (r.target instanceof Element) mend(r.target);
  });
  const watched = new WeakSet<Element>();
  const watch = (el: Element) => {
    if (watched.has(el) || !el.matches('.n-modal-container')) return;
    watched.add(el);
    mend(el);
    inside.observe(el, { childList: true, subtree: true });
  };
  const top = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) watch(n);
  });
  for (const el of body.children) watch(el);
  top.observe(body, { childList: true });
  return () => {
    top.disconnect();
    inside.disconnect();
  };
}
