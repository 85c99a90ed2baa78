/**
 * The tour's across-zones screens (compare dialog, copy dialog, the journal), wide, light and
 * dark, against three sandbox zones in three dialects as the end-to-end test sets them up (they
 * need zones of their own, so they are not part of the tour's single-sandbox apps).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openApp } from '../e2e/support/app';
import { findChromium } from '../e2e/support/chromium';
import { addZoneSignedIn, openWorkflow, startZones, ZONES } from '../e2e/support/across-zones';
import { openSection, selectZone } from '../e2e/support/identity-kit';

export async function acrossTour(outDir: string): Promise<string[]> {
  const chrome = findChromium();
  if (!chrome) throw new Error('no Chromium found');
  const taken: string[] = [];
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: path.join(outDir, name) });
    taken.push(name);
  };
  for (const scheme of ['light', 'dark'] as const) {
    const zones = await startZones();
    const app = await openApp(chrome, { colorScheme: scheme, viewport: { width: 1280, height: 800 } });
    const { page } = app;
    try {
      for (const [i, z] of ZONES.entries()) await addZoneSignedIn(page, z.id, zones.base[z.id]!, i === 0);
      await openWorkflow(page, 'eu-1');
      await page.getByRole('button', { name: 'Compare across zones' }).first().click();
      const dialog = page.getByRole('dialog', { name: /across zones/ });
      await dialog.getByRole('row', { name: /us-1: present/ }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(800);
      await shot(page, `across-compare-${scheme}.png`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Copy to zone…' }).first().click();
      await page.waitForTimeout(1500);
      await shot(page, `across-copy-${scheme}.png`);
      await page.keyboard.press('Escape');
      await selectZone(page, 'eu-1');
      await openSection(page, 'All zones', 'Changes from this machine');
      await page.waitForTimeout(1000);
      await shot(page, `across-journal-${scheme}.png`);
    } finally {
      await app.close();
      await zones.sandbox.close();
    }
  }
  return taken;
}
