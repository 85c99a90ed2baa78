/** Steps for the workspace management end-to-end tests: sandbox faults that hold a reply, the create form. */
import type { Page } from 'playwright-core';
import { loopbackFetch } from '../../support/loopback-fetch';

/** Sets (or with null clears) the sandbox's replacement reply for one operation. */
export async function replyFault(base: string, reply: Record<string, unknown> | null): Promise<void> {
  const res = await loopbackFetch(`${base}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reply }),
  });
  if (!res.ok) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

/** A JSON reply the zone sends instead of the real one for `route`. */
export function jsonReply(route: string, status: number, body: unknown, count?: number): Record<string, unknown> {
  return {
    mode: 'malformed',
    route,
    status,
    body: JSON.stringify(body),
    content_type: 'application/json',
    ...(count ? { count } : {}),
  };
}

export interface CreateAsk {
  name: string;
  repo?: string;
  newRepo?: string;
  template?: 'Blank' | 'Store' | 'CMS site';
  server?: string;
}

/** Opens the create form (Workspaces › Workspaces must be open) and fills it; does not submit. */
export async function fillCreateForm(page: Page, ask: CreateAsk) {
  await page.getByRole('button', { name: 'Create workspace' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create workspace' });
  await dialog.getByLabel('Workspace name').fill(ask.name);
  if (ask.repo) {
    await dialog.getByText('Use a registered repository', { exact: true }).click();
    await dialog.getByLabel('Repository to bind').click();
    await page.locator('.n-base-select-option:visible').getByText(ask.repo, { exact: true }).last().click();
  } else {
    await dialog.getByText('Create a new repository', { exact: true }).click();
    await dialog.getByLabel('New repository name').fill(ask.newRepo ?? '');
  }
  if (ask.template) await dialog.getByText(ask.template, { exact: true }).click();
  if (ask.server) {
    await dialog.getByText('Deploy every push to the default branch').click();
    await dialog.getByRole('button', { name: ask.server, exact: true }).click();
  }
  return dialog;
}
