/**
 * A Naive dialog takes ~0.25 s to leave once answered, and meanwhile is still a dialog to the
 * pointer and to assistive tech: a second click (Delete double-clicked), a screen reader or a test
 * looking for "the dialog" reached it while the next one opened (CI saw a name typed into the
 * leaving one, and a click wait on a Cancel that never stopped moving). An answered dialog is made
 * inert and hidden from the accessibility tree at once; its leave animation still plays.
 */
let seq = 0;

/**
 * One dialog's answer, given once: `cls` names the dialog (pass it in its `class`); the first
 * `answer(v)` puts the dialog out of reach, runs `first` and resolves; later ones do nothing
 * (a button, then the dialog's own close and after-leave, each answer).
 */
export function answerOnce<T>(resolve: (v: T) => void, first?: (v: T) => void): { cls: string; answer(v: T): void } {
  const cls = `zd-dialog-${++seq}`;
  let answered = false;
  return {
    cls,
    answer(v) {
      if (answered) return;
      answered = true;
      const el = document.querySelector<HTMLElement>(`.${cls}`);
      el?.setAttribute('inert', '');
      el?.setAttribute('aria-hidden', 'true');
      first?.(v);
      resolve(v);
    },
  };
}
