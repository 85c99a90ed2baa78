/**
 * Repositories and workspace management, end to end in Chromium through the browser host: register
 * a repository (and one the connector refuses, with the reason), remove one; create a workspace
 * with CI/CD and watch it go from creating to ready; a failing creation and a missing connector in
 * words; chats paged by cursor and started from the UI; rename; delete with typed confirmation.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, shoot, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { openWorkspaceTab, shootWorkspace } from './support/workspaces';
import { fillCreateForm, jsonReply, replyFault } from './support/ws-manage';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('workspaces: repositories, create, chats, rename, delete', () => {
  let app: AppUnderTest;
  let base: string;
  let token: string;
  const page = () => app.page;
  const wsTable = () => page().getByRole('table', { name: 'Workspaces' });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    token = await sandboxToken(base);
  });
  afterAll(async () => {
    if (base) await replyFault(base, null).catch(() => undefined);
    await app?.close();
  });

  it('registers repositories, says when one is already registered or refused, and removes one', async () => {
    const p = page();
    await openSection(p, 'Applications', 'Repositories');
    const table = p.getByRole('table', { name: 'Repositories' });
    await table.getByRole('row', { name: /acme\/storefront/ }).waitFor();

    const register = async (name: string) => {
      await p.getByRole('button', { name: 'Register repository' }).first().click();
      const dialog = p.getByRole('dialog', { name: 'Register a repository' });
      await dialog.getByLabel('Repository full name').fill(name);
      await dialog.getByRole('button', { name: 'Register', exact: true }).click();
      return dialog;
    };
    await (await register('https://github.com/acme/api.git')).waitFor({ state: 'hidden' });
    await table.getByRole('row', { name: /acme\/api/ }).waitFor();
    await p.getByText('Registered acme/api.').waitFor();
    await (await register('acme/blog')).waitFor({ state: 'hidden' });
    await table.getByRole('row', { name: /acme\/blog/ }).waitFor();

    await (await register('acme/api')).waitFor({ state: 'hidden' });
    await p.getByText('acme/api is already registered; nothing changed.').waitFor();
    expect(await table.getByRole('row', { name: /acme\/api/ }).count()).toBe(1);

    const refused = await register('acme/nope');
    const alert = refused.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('has no repository acme/nope');
    expect(await alert.textContent()).toContain('HTTP 422');
    await shoot(p, 'repositories-refused');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await refused.waitFor({ state: 'hidden' });
    await shoot(p, 'repositories');

    await table.getByRole('button', { name: 'Remove acme/blog' }).click();
    const ask = p.getByRole('dialog').filter({ hasText: 'Remove repository “acme/blog”' });
    expect(await ask.textContent()).toContain('keep working');
    await p.getByRole('button', { name: 'Remove acme/blog' }).last().click();
    await expect.poll(() => table.getByRole('row', { name: /acme\/blog/ }).count(), { timeout: 10_000 }).toBe(0);
  }, 90_000);

  it('creates a workspace with CI/CD and follows it from creating to ready', async () => {
    const p = page();
    await openSection(p, 'Workspaces', 'Workspaces');
    await wsTable().getByRole('row', { name: /shop/ }).first().waitFor();
    // The zone settles `creating` in ~300 ms; hold its record there so the progress can be seen.
    await replyFault(
      base,
      jsonReply('workspaces.get', 200, {
        name: 'spring-shop',
        status: 'creating',
        last_error: null,
        cicd_enabled: true,
      }),
    );
    const dialog = await fillCreateForm(p, { name: 'spring-shop', repo: 'acme/api', server: 'ds-main' });
    await shoot(p, 'workspace-create-form');
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const pane = p.getByRole('complementary', { name: 'Details of spring-shop' });
    await pane.getByRole('progressbar', { name: 'Progress of spring-shop' }).waitFor({ timeout: 15_000 });
    expect(await pane.getByRole('status', { name: 'Creating spring-shop' }).textContent()).toContain('deploy key');
    await shootWorkspace(p, 'creating');

    await replyFault(base, null);
    const t0 = Date.now();
    await pane.getByRole('progressbar').waitFor({ state: 'hidden', timeout: 5_000 });
    expect(Date.now() - t0).toBeLessThan(4_000);
    await expect.poll(() => pane.locator('header').first().textContent()).toContain('Ready');
    const made = (await sandboxCall(base, token, 'GET', '/api/v1/workspaces')) as unknown as {
      items: Record<string, unknown>[];
    };
    const mine = made.items.find((w) => w.name === 'spring-shop')!;
    expect(mine).toMatchObject({ repo_full_name: 'acme/api', cicd_enabled: true, status: 'ready' });
  }, 90_000);

  it('shows why a creation failed, and explains a missing source-hosting connector', async () => {
    const p = page();
    const dialog = await fillCreateForm(p, { name: 'doomed-shop', newRepo: 'fail-shop' });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const pane = p.getByRole('complementary', { name: 'Details of doomed-shop' });
    await expect.poll(() => pane.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('could not create');
    await expect.poll(() => pane.locator('header').first().textContent()).toContain('Failed');

    await replyFault(
      base,
      jsonReply(
        'workspaces.create',
        409,
        { error: 'no_connector', message: 'workspace creation requires a source-hosting connector' },
        1,
      ),
    );
    const again = await fillCreateForm(p, { name: 'no-host', newRepo: 'no-host' });
    await again.getByRole('button', { name: 'Create workspace' }).click();
    const alert = again.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Connect a source-hosting account');
    expect(await alert.textContent()).toContain('no_connector');
    await shoot(p, 'workspace-no-connector');
    await again.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('pages chats by cursor and starts one from the UI', async () => {
    const p = page();
    const list = (await sandboxCall(base, token, 'GET', '/api/v1/workspaces')) as unknown as {
      items: Record<string, unknown>[];
    };
    const shop = list.items.find((w) => w.name === 'shop')!;
    for (let i = 1; i <= 25; i++)
      await sandboxCall(base, token, 'POST', `/api/v1/workspaces/${String(shop.id)}/chats`, {
        mode: i % 2 ? 'agent' : 'team',
        prompt: `Chat number ${i}`,
      });
    const pane = await openWorkspaceTab(p, 'shop', 'Chats');
    const chats = pane.getByRole('list', { name: 'Chats' });
    await expect.poll(() => chats.getByRole('listitem').count(), { timeout: 10_000 }).toBe(20);
    expect(await chats.getByRole('listitem').first().textContent()).toContain('Chat number 25');
    await pane.getByRole('button', { name: 'Load older chats' }).click();
    await expect.poll(() => chats.getByRole('listitem').count()).toBe(25);
    await expect.poll(() => pane.getByText('25 chats · all loaded').count()).toBe(1);
    expect(await chats.getByRole('listitem').last().textContent()).toContain('Chat number 1');
    expect(await pane.getByRole('button', { name: 'Load older chats' }).count()).toBe(0);

    await pane.getByRole('form', { name: 'Start a chat' }).getByText('Team', { exact: true }).click();
    await pane.getByLabel('Prompt').fill('Add a spring banner');
    await pane.getByRole('button', { name: 'Start chat' }).click();
    await expect
      .poll(() => chats.getByRole('listitem').first().textContent(), { timeout: 10_000 })
      .toContain('Add a spring banner');
    expect(await chats.getByRole('listitem').first().textContent()).toContain('Agent team');
    await shootWorkspace(p, 'chats');
  }, 90_000);

  it('opens the workflow run a chat started, read from a zone that pages with a bare array', async () => {
    const p = page();
    const flows = (await sandboxCall(base, token, 'GET', '/api/v1/workflows')) as unknown as {
      items: Record<string, unknown>[];
    };
    const triage = flows.items.find((w) => w.name === 'triage')!;
    const run = await sandboxCall(base, token, 'POST', `/api/v1/workflows/${String(triage.id)}/run`, {
      input: { text: 'from a chat' },
    });
    const chat = { seq: 1, kind: 'run', mode: 'agent', ref_id: run.id, prompt: 'Linked run', status: 'started' };
    await replyFault(base, jsonReply('workspaces.chats.list', 200, [chat]));
    try {
      await openSection(p, 'Workspaces', 'Workspaces');
      const pane = await openWorkspaceTab(p, 'company-site', 'Chats');
      const item = pane.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: /Linked run/ });
      await item.getByRole('button', { name: `Open run ${String(run.id)}` }).click();
      const detail = pane.getByRole('region', { name: `Run ${String(run.id)}` });
      await detail.waitFor();
      await pane.getByRole('button', { name: '← Back to chats' }).click();
      await item.waitFor();
      expect(await pane.getByText('1 chat · all loaded').count()).toBe(1);
    } finally {
      await replyFault(base, null);
    }
  }, 90_000);

  it('renames a workspace, then deletes it only once its name is typed', async () => {
    const p = page();
    await wsTable().getByText('spring-shop', { exact: true }).click();
    let pane = p.getByRole('complementary', { name: 'Details of spring-shop' });
    await pane.getByRole('button', { name: 'Rename…' }).click();
    const dialog = p.getByRole('dialog', { name: 'Rename workspace' });
    await dialog.getByLabel('New workspace name').fill('spring-store');
    await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    pane = p.getByRole('complementary', { name: 'Details of spring-store' });
    await pane.waitFor({ timeout: 10_000 });
    await wsTable()
      .getByRole('row', { name: /spring-store/ })
      .waitFor({ timeout: 10_000 });

    await pane.getByRole('button', { name: 'Delete…' }).click();
    const ask = p.getByRole('dialog').filter({ hasText: 'Delete workspace “spring-store”' });
    const text = await ask.textContent();
    expect(text).toContain('deploy-platform application');
    expect(text).toContain('deploy key');
    expect(text).toContain('webhook');
    expect(text).toContain('Kept: the repository acme/api');
    const confirmBtn = p.getByRole('button', { name: 'Delete spring-store' });
    expect(await confirmBtn.isDisabled()).toBe(true);
    await p.getByLabel('Type spring-store to confirm').fill('spring-stor');
    expect(await confirmBtn.isDisabled()).toBe(true);
    await shootWorkspace(p, 'delete-confirm');
    await p.getByLabel('Type spring-store to confirm').fill('spring-store');
    await confirmBtn.click();
    await expect
      .poll(
        () =>
          wsTable()
            .getByRole('row', { name: /spring-store/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(await pane.count()).toBe(0);
    const repos = (await sandboxCall(base, token, 'GET', '/api/v1/repos')) as unknown as {
      items: Record<string, unknown>[];
    };
    expect(repos.items.some((r) => r.full_name === 'acme/api')).toBe(true);
  }, 90_000);
});
