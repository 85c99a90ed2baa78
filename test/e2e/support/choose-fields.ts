/**
 * A person's one choice of fields, when a list says it cannot read its rows ("This zone's … have
 * no field Zonedeck reads as their …"): Choose fields…, then for each role asked, the field whose
 * value in the record shown is the one expected (the first such, as a person reading the record
 * would take) — a value known beforehand (the name `web-1`), or one the person recognises for what
 * it is (a state, in whatever words the zone uses: A_STATE). Where the list says nothing, nothing
 * is chosen: the app read the zone by itself.
 */
import type { Locator, Page } from 'playwright-core';
import { isStateWord } from '../../../src-main/contract/state-vocabulary';

type Role = 'id' | 'name' | 'state' | 'creation time';
/** The value expected in the record shown, or what makes a value the one (a person reading the record). */
type Pick = string | ((value: string) => boolean);

/** A value a person reads as a record's state, in the zone's own words (`running`, `ACTIVE`, `Halted`). */
export const A_STATE: Pick = (value) => isStateWord(value.trim());

/** Chooses the fields the list asks for; returns the roles chosen (none when the list read its rows). */
export async function chooseFieldsIfAsked(page: Page, picks: Partial<Record<Role, Pick>>): Promise<Role[]> {
  const notice = page.getByRole('status', { name: /^What Zonedeck cannot read in / }).first();
  // The notice follows the list's read; a list that reads its rows never shows it.
  const shown = await notice
    .waitFor({ timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return [];
  // "… reads as their name or state; their fields are: …"
  const text = /reads as their (.*?);/.exec(await notice.innerText())?.[1] ?? '';
  const asked = (Object.keys(picks) as Role[]).filter((r) => new RegExp(`\\b${r}\\b`).test(text));
  if (asked.length === 0) return [];
  await notice.getByRole('button', { name: 'Choose fields…' }).click();
  const dialog = page.getByRole('dialog', { name: /^How Zonedeck reads / });
  await dialog.waitFor();
  for (const role of asked) {
    await dialog.getByLabel(`Field read as its ${role}`).click();
    const options = page.locator('.n-base-select-option:visible');
    await options.first().waitFor({ timeout: 5_000 });
    const pick = picks[role]!;
    if (typeof pick === 'string') await options.filter({ hasText: pick }).first().click();
    else {
      // The first field whose value in the record shown is what the person looks for.
      const values = await options.evaluateAll((els) =>
        els.map((e) => e.querySelector('.cf-value')?.textContent ?? ''),
      );
      const value = values.find((v) => pick(v));
      if (value === undefined) throw new Error(`No field's value reads as the ${role}: ${values.join(', ')}`);
      // By the value, not the position: the options may be drawn again between the read and the click.
      await options
        .filter({ has: page.locator('.cf-value').getByText(value, { exact: true }) })
        .first()
        .click();
    }
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return asked;
}

/** The form's fields a person may be asked to name, and the sandbox's own word for each. */
const WRITE_FIELDS = { Name: 'name', Kind: 'kind', Input: 'input', 'Expected text': 'expected' } as const;

/**
 * After a save, a person's choice of the names the zone wants for fields the app could not match
 * ("The zone asked for fields Zonedeck cannot match…", or "did not keep some fields…"): Choose
 * fields…, each field named as the zone's documentation names it (`zoneName`, e.g. a random
 * dialect's names) — picked among the names offered, else typed — then the save sent again.
 * Returns whether it was asked; a save that went through (the form closed) chooses nothing.
 */
export async function chooseWriteNamesIfAsked(
  page: Page,
  form: Locator,
  zoneName: (standard: string) => string | undefined,
): Promise<boolean> {
  const ask = form.getByRole('button', { name: 'Choose fields…' });
  const which = await Promise.race([
    form.waitFor({ state: 'hidden', timeout: 20_000 }).then(() => 'saved' as const),
    ask.waitFor({ timeout: 20_000 }).then(() => 'ask' as const),
  ]);
  if (which === 'saved') return false;
  await ask.click();
  const dialog = page.getByRole('dialog', { name: /^How Zonedeck writes / });
  await dialog.waitFor();
  // The names offered, as the dialog lists them; where it says a name may be typed, one is.
  const lead = dialog.locator('p').first();
  const offered = new Set(await lead.locator('code').allTextContents());
  const typed = /Type the name/.test(await lead.innerText());
  for (const [label, standard] of Object.entries(WRITE_FIELDS)) {
    const name = zoneName(standard);
    const select = dialog.getByLabel(new RegExp(` wants for ${label}$`));
    // A field the zone's docs do not name, or not offered and not typable, stays as it was sent.
    if (!name || !(offered.has(name) || typed) || !(await select.count())) continue;
    await select.click();
    if (!offered.has(name)) {
      await select.fill(name);
      await page.keyboard.press('Enter');
    } else await page.locator('.n-base-select-option:visible').getByText(name, { exact: true }).first().click();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await form.getByRole('button', { name: 'Save case' }).click();
  await form.waitFor({ state: 'hidden', timeout: 20_000 });
  return true;
}
