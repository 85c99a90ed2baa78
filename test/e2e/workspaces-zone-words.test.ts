/**
 * Workspaces against replies in another zone's words (the sandbox's `reply` fault: a real server
 * answering in shapes the spec leaves open): a CMS command reported failed by its exit status is
 * Failed and one whose outcome is not said is Finished, never Passed; a chat's prompt under
 * another name; a deployment's commit message inside its commit; "nothing deployed yet" and "no
 * store credentials" said calmly; a name the zone did not keep said; a missing connector
 * recognised by its words, not one code.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl } from './support/infra-sandbox';
import { openWorkspaceTab } from './support/workspaces';
import { fillCreateForm, jsonReply, replyFault } from './support/ws-manage';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('workspaces in another zone’s words', () => {
  let app: AppUnderTest;
  let base: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    base = sandboxBaseUrl(app.dataDir, 'eu-1');
    await openSection(app.page, 'Workspaces', 'Workspaces');
  });
  afterAll(async () => {
    if (base) await replyFault(base, null).catch(() => undefined);
    await app?.close();
  });

  it('shows a CMS command the zone reported failed as Failed, and an unsaid outcome as Finished', async () => {
    const { page } = app;
    const pane = await openWorkspaceTab(page, 'company-site', 'CMS commands');
    const region = pane.getByRole('region', { name: 'CMS commands of company-site' });
    const box = region.getByRole('textbox', { name: 'Command' });
    const out = region.getByRole('log', { name: 'Command output' });
    await replyFault(base, jsonReply('workspaces.cmsCli', 200, { exit_status: 1, stdout: 'Error: no such option' }, 1));
    await box.fill('option get nope');
    await page.keyboard.press('Enter');
    const failed = out.getByRole('listitem', { name: 'option get nope' });
    await failed.getByText('Failed · exit 1').waitFor();
    await expect(failed.getByText(/Passed/).count()).resolves.toBe(0);
    await replyFault(base, jsonReply('workspaces.cmsCli', 200, { status: 'zorped', stdout: 'hm' }, 1));
    await box.fill('option get maybe');
    await page.keyboard.press('Enter');
    await out.getByRole('listitem', { name: 'option get maybe' }).getByText('Finished', { exact: true }).waitFor();
  });

  it('reads a chat prompt kept under another name', async () => {
    const { page } = app;
    const chats = {
      items: [{ seq: 9, kind: 'run', mode: 'agent', content: 'Tidy the footer', status: 'COMPLETED', ref_id: 'r-x' }],
      next_before: null,
    };
    await replyFault(base, jsonReply('workspaces.chats.list', 200, chats));
    try {
      const pane = await openWorkspaceTab(page, 'shop', 'Chats');
      await pane.getByText('Tidy the footer').waitFor();
      await expect(pane.getByText('(no prompt)').count()).resolves.toBe(0);
    } finally {
      await replyFault(base, null);
    }
  });

  it('shows a deployment’s commit message from inside its commit, and a 409 build log as nothing yet', async () => {
    const { page } = app;
    const history = {
      data: [
        {
          uuid: 'd-1',
          state: 'deployed',
          commit: { sha: 'abcdef1234567', message: 'Add cart page\n\nbody' },
          app: 'storefront',
          created_at: 1790000000,
        },
      ],
    };
    await replyFault(base, jsonReply('workspaces.cicd.deployments', 200, history));
    try {
      const pane = await openWorkspaceTab(page, 'shop', 'CI/CD');
      const table = pane.getByRole('table', { name: 'Deployments of shop' });
      await table.getByText('Add cart page').waitFor();
      await table.getByText('abcdef1').waitFor();
      await replyFault(
        base,
        jsonReply('workspaces.cicd.latestLog', 409, { error: 'not_deployed', message: 'nothing deployed' }),
      );
      await pane.getByRole('button', { name: 'Latest build log' }).click();
      await pane.getByText('No build log yet: nothing has been deployed.').waitFor();
      await expect(pane.getByRole('alert').filter({ hasText: 'nothing deployed' }).count()).resolves.toBe(0);
    } finally {
      await replyFault(base, null);
    }
  });

  it('says calmly that a workspace has no store credentials when the zone answers 404', async () => {
    const { page } = app;
    await replyFault(base, jsonReply('workspaces.storeCredentials', 404, { detail: 'Not Found' }));
    try {
      const pane = await openWorkspaceTab(page, 'shop', 'Credentials');
      await pane.getByRole('button', { name: 'Reveal' }).click();
      await pane.getByText('This workspace has no store credentials.').waitFor();
      await expect(pane.getByRole('alert').count()).resolves.toBe(0);
      await pane.getByRole('button', { name: 'Hide' }).click();
    } finally {
      await replyFault(base, null);
    }
  });

  it('says so when the zone does not keep the name typed in Create workspace', async () => {
    const { page } = app;
    // The zone answers a record of its own naming (no name kept), which no read-back or rename can find.
    const made = { uuid: '0f0e0d0c-0000-4000-8000-00000000a11c', title: 'Untitled', status: 'creating' };
    await replyFault(base, jsonReply('workspaces.create', 201, made, 1));
    const dialog = await fillCreateForm(page, { name: 'typed-name', newRepo: 'typed-repo' });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByText('The zone kept the name “Untitled”, not “typed-name”.').waitFor({ timeout: 15_000 });
  });

  it('explains a missing connector the zone names in other words and another status', async () => {
    const { page } = app;
    await replyFault(
      base,
      jsonReply('workspaces.create', 412, { error: 'precondition_failed', message: 'GitHub account not connected' }, 1),
    );
    const dialog = await fillCreateForm(page, { name: 'no-host-2', newRepo: 'no-host-2' });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Connect a source-hosting account');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
