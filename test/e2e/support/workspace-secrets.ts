/**
 * Steps of the CI/CD and credentials end-to-end tests: a workspace's record and credentials read
 * from the sandbox as a second client, and the places a revealed password must not be left in
 * (the page, web storage, the agent's log files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { sandboxCall } from './infra-sandbox';

export interface Zone {
  base: string;
  token: string;
}

/** The workspace's id, by name. */
export async function workspaceId(z: Zone, name: string): Promise<string> {
  const reply = (await sandboxCall(z.base, z.token, 'GET', '/api/v1/workspaces')) as unknown;
  const items = (Array.isArray(reply) ? reply : ((reply as { items?: unknown[] }).items ?? [])) as {
    id: string;
    name: string;
  }[];
  const w = items.find((x) => x.name === name);
  if (!w) throw new Error(`no workspace ${name}`);
  return w.id;
}

export async function cmsPassword(z: Zone, name: string): Promise<string> {
  const id = await workspaceId(z, name);
  const c = await sandboxCall(z.base, z.token, 'GET', `/api/v1/workspaces/${id}/cms-credentials`);
  return String(c.admin_password);
}

/** Where a secret must not be once its pane closed: the DOM, localStorage, sessionStorage. */
export async function pageHolds(page: Page, secret: string): Promise<string[]> {
  const found: string[] = [];
  if ((await page.content()).includes(secret)) found.push('DOM');
  const storage = await page.evaluate(() => {
    const all = (s: Storage) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`);
    return { local: all(localStorage).join('\n'), session: all(sessionStorage).join('\n') };
  });
  if (storage.local.includes(secret)) found.push('localStorage');
  if (storage.session.includes(secret)) found.push('sessionStorage');
  return found;
}

/** The agent's log files (<dataDir>/logs/zonedeck.log and its rotations), all of their text. */
export function agentLogText(dataDir: string): string {
  const dir = path.join(dataDir, 'logs');
  return readdirSync(dir)
    .filter((f) => f.startsWith('zonedeck'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

export async function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

export async function writeClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}
