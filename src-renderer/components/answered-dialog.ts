/**
 * A Naive dialog takes ~0.25 s to leave once answered, and meanwhile is still a dialog to the
 * pointer and to assistive tech: a second click (Delete double-clicked), a screen reader or a test
 * looking for "the dialog" reached it while the next one opened (CI saw a name typed into the
 * leaving one, and a click wait on a Cancel that never stopped moving). An answered dialog is made
 * inert and hidden from the accessibility tree at once; its leave animation still plays.
 */
let seq = 0;

/** A class naming one dialog (pass it in the dialog's `class`), and `answered()` for when it settles. */
export function answerableDialog(): { cls: string; answered(): void } {
  const cls = `zd-dialog-${++seq}`;
  return {
    cls,
    answered() {
      const el = document.querySelector<HTMLElement>(`.${cls}`);
      if (!el) return;
      el.setAttribute('inert', '');
      el.setAttribute('aria-hidden', 'true');
    },
  };
}
