/**
 * Workspaces list and details, end to end in Chromium through the browser host: the seeded
 * workspaces with their status, a workspace another client creates showing by itself, and its
 * failure reason (last_error) visible in the row without opening it.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { openWorkspaceTab, shootWorkspace } from './support/workspaces';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('workspaces: list and details', () => {
  let app: AppUnderTest;
  let base: string;
  let token: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    token = await sandboxToken(base);
    await openSection(app.page, 'Workspaces', 'Workspaces');
  });
  afterAll(async () => app?.close());

  it('lists the seeded workspaces as ready and opens one in details', async () => {
    const table = app.page.getByRole('table', { name: 'Workspaces' });
    await expect.poll(() => table.getByRole('row', { name: /shop/ }).textContent()).toContain('Ready');
    const pane = await openWorkspaceTab(app.page, 'company-site', 'Chats');
    await pane.getByRole('tab', { name: 'CI/CD' }).waitFor();
    await shootWorkspace(app.page, 'list-details');
    await pane.getByRole('button', { name: 'Close details' }).click();
    await pane.waitFor({ state: 'hidden' });
  });

  it('shows a workspace another client creates, and its last_error in the row once it fails', async () => {
    await sandboxCall(base, token, 'POST', '/api/v1/workspaces', { name: 'doomed', new_repo: 'fail-doomed' });
    const row = app.page.getByRole('table', { name: 'Workspaces' }).getByRole('row', { name: /doomed/ });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Failed');
    const reason = (await sandboxCall(base, token, 'GET', '/api/v1/workspaces')) as unknown;
    const doomed = (Array.isArray(reason) ? reason : ((reason as { items?: unknown[] }).items ?? [])).find(
      (w) => (w as { name?: string }).name === 'doomed',
    ) as { last_error?: string };
    expect(doomed.last_error).toBeTruthy();
    expect(await row.textContent()).toContain(doomed.last_error!.slice(0, 20));
  });
});
