/** Steps the skills end-to-end tests share: the skill's files as another client sees them, and typing in Monaco. */
import type { Locator, Page } from 'playwright-core';
import { loopbackFetch } from '../../support/loopback-fetch';
import { sandboxCall } from './infra-sandbox';

export async function skillIdByName(base: string, token: string, name: string): Promise<string> {
  const list = (await sandboxCall(base, token, 'GET', '/api/v1/skills')).items as { id: string; name: string }[];
  const s = list.find((x) => x.name === name);
  if (!s) throw new Error(`no skill ${name}`);
  return s.id;
}

/** A file's content as the zone holds it (text/plain, so not through sandboxCall's JSON reader). */
export async function zoneFile(base: string, token: string, skillId: string, path: string): Promise<string> {
  const res = await loopbackFetch(`${base}/api/v1/skills/${skillId}/files/content?path=${encodeURIComponent(path)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return text;
}

/** The editor panel of an open file. */
export function editorOf(page: Page, path: string): Locator {
  return page.getByRole('tabpanel', { name: path, exact: true });
}

/** Replaces the whole text in a file's Monaco editor (select all, then insert as one input). */
export async function replaceText(page: Page, path: string, text: string): Promise<void> {
  const lines = editorOf(page, path).locator('.monaco-editor .view-lines');
  await lines.waitFor();
  await lines.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/** What Monaco shows (its rendered lines use non-breaking spaces). */
export async function shownText(page: Page, path: string): Promise<string> {
  const lines = editorOf(page, path).locator('.monaco-editor .view-line');
  await lines.first().waitFor();
  return (await lines.allTextContents()).join('\n').replace(/\u00a0/g, ' ');
}

/** Closes an open file's tab from the keyboard (Delete on the tab), as the tab list offers it. */
export async function closeTab(page: Page, path: string): Promise<void> {
  await page
    .getByRole('tab', { name: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(, unsaved)?$`) })
    .press('Delete');
}
