/**
 * MicroVMs end to end: one made from the create form goes through every lifecycle action and is
 * deleted with the typed confirmation; a disk is attached and detached from the Attachments tab,
 * and a disk that hangs on another instance is refused with the zone's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { details, expectState, openSection, openTab, selectRow } from './support/compute-steps';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();
/** The sandbox's "scratch" disk (Storage › Disks), attached to nothing at start. */
const SCRATCH = '5b1f0c2e-2c4d-4e8a-8000-000000000d03';

/** Clicks a lifecycle action and, for the dangerous ones, the confirming button of its dialog. */
async function act(page: Page, name: string, action: string, confirm = false): Promise<void> {
  await details(page, name).getByRole('button', { name: action, exact: true }).click();
  if (confirm) await page.getByRole('button', { name: `${action} ${name}` }).click();
}

describe.runIf(chrome)('microVMs in Chromium through the browser host', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    await openSection(app.page, 'MicroVMs');
  }, 60_000);
  afterAll(async () => app?.close());

  it('creates a microVM from the form, runs every lifecycle action and deletes it after typing its name', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Create microVM' }).first().click();
    const form = page.getByRole('form', { name: 'Create microVM' });
    await form.getByLabel('Name', { exact: true }).fill('e2e-vm');
    await form.getByLabel('Image').fill('debian-12');
    await form.getByLabel('Kernel').fill('vmlinux-6.1-fc');
    await form.getByLabel('vCPUs').fill('1');
    await form.getByLabel('Memory (MiB)').fill('512');
    await form.getByRole('button', { name: 'Create microVM' }).click();
    await details(page, 'e2e-vm').waitFor({ timeout: 20_000 });
    await expectState(page, 'e2e-vm', 'running');
    // What the form sent is what the zone keeps.
    const fields = await details(page, 'e2e-vm').innerText();
    expect(fields).toContain('debian-12');
    expect(fields).toMatch(/vcpus\s+1\b/);
    expect(fields).toMatch(/memory_mib\s+512\b/);

    await act(page, 'e2e-vm', 'Stop', true);
    await expectState(page, 'e2e-vm', 'stopped');
    await act(page, 'e2e-vm', 'Start');
    await expectState(page, 'e2e-vm', 'running');
    await act(page, 'e2e-vm', 'Reboot', true);
    await expectState(page, 'e2e-vm', 'running');
    await act(page, 'e2e-vm', 'Suspend');
    await expectState(page, 'e2e-vm', 'suspended');
    // A suspended microVM cannot be suspended again or rebooted; it can be resumed.
    const pane = details(page, 'e2e-vm');
    expect(await pane.getByRole('button', { name: 'Suspend', exact: true }).isDisabled()).toBe(true);
    expect(await pane.getByRole('button', { name: 'Reboot', exact: true }).isDisabled()).toBe(true);
    await act(page, 'e2e-vm', 'Resume');
    await expectState(page, 'e2e-vm', 'running');
    // Each action is one task note, not a note and a toast besides.
    expect(await page.locator('.n-message').count()).toBe(0);

    await pane.getByRole('button', { name: 'Delete…' }).click();
    const confirmBtn = page.getByRole('button', { name: 'Delete e2e-vm' });
    expect(await confirmBtn.isDisabled()).toBe(true);
    await page.getByLabel('Type e2e-vm to confirm').fill('e2e-v');
    expect(await confirmBtn.isDisabled()).toBe(true);
    await page.getByLabel('Type e2e-vm to confirm').fill('e2e-vm');
    await confirmBtn.click();
    const table = page.getByRole('table', { name: 'MicroVMs', exact: true });
    await expect.poll(() => table.getByRole('row', { name: /e2e-vm/ }).count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Details of e2e-vm' }).count()).toBe(0);
  }, 120_000);

  it('attaches a disk to a microVM, refuses it for a second instance, and detaches it', async () => {
    const { page } = app;
    await selectRow(page, 'MicroVMs', 'vm-build');
    const pane = details(page, 'vm-build');
    await openTab(pane, 'Attachments');
    const disks = pane.getByRole('region', { name: 'Disks' });
    const attached = pane.getByRole('list', { name: 'Attached disks' });
    await pane.getByLabel('Disk id to attach').fill(SCRATCH);
    await disks.getByRole('button', { name: 'Attach' }).click();
    await expect.poll(() => attached.getByText(SCRATCH).count(), { timeout: 10_000 }).toBe(1);
    expect(await pane.getByLabel('Disk id to attach').inputValue()).toBe('');

    // The same disk on a container: the zone says where it hangs, and nothing changes there.
    await openSection(page, 'Containers');
    await selectRow(page, 'Containers', 'web-1');
    const web = details(page, 'web-1');
    await openTab(web, 'Attachments');
    await web.getByLabel('Disk id to attach').fill(SCRATCH);
    await web.getByRole('region', { name: 'Disks' }).getByRole('button', { name: 'Attach' }).click();
    await page
      .locator('.n-message')
      .filter({ hasText: /Disk attached failed: .*attached to microvm/i })
      .waitFor({ timeout: 10_000 });
    expect(await web.getByRole('list', { name: 'Attached disks' }).getByText(SCRATCH).count()).toBe(0);

    await openSection(page, 'MicroVMs');
    await selectRow(page, 'MicroVMs', 'vm-build');
    await openTab(details(page, 'vm-build'), 'Attachments');
    await attached.getByRole('listitem').filter({ hasText: SCRATCH }).getByRole('button', { name: 'Detach' }).click();
    await answerDialog(page, `Detach ${SCRATCH}`);
    await expect.poll(() => attached.getByText(SCRATCH).count(), { timeout: 10_000 }).toBe(0);
    await attached.getByText('No disks attached.').waitFor();
    // The feed tells the story.
    await openTab(details(page, 'vm-build'), 'Activity');
    const feed = details(page, 'vm-build').getByRole('list', { name: 'Activity' });
    await expect.poll(() => feed.getByText(/disk .* detached/i).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  }, 90_000);
});
