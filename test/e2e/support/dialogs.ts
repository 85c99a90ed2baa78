/** Answering a confirm dialog as a person does: once it has finished opening. */
import type { Page } from 'playwright-core';

/**
 * Clicks `button` in the open dialog that has it (and asks `asking`, when given) once the dialog
 * stands still, then waits for the dialog to go. Naive's dialog scales in from the pointer for
 * ~0.25 s, and Playwright checks a click's target at the press only: on a loaded machine the press
 * could land on the moving button and the release beside it, and the click went nowhere (CI: a
 * run's cancel dialog stayed open, unanswered, for a minute, and failed the tests after it).
 */
export async function answerDialog(page: Page, button: string | RegExp, asking?: string | RegExp): Promise<void> {
  const name = typeof button === 'string' ? { name: button, exact: true } : { name: button };
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', name), hasText: asking });
  await dialog.waitFor();
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await dialog.getByRole('button', name).click();
  await dialog.waitFor({ state: 'hidden' });
}
