/**
 * The zone's dictionary as a person meets it, against a zone in words nobody here wrote
 * (`random:13`: every field a seeded random name) whose containers, in a reply of this test's own,
 * carry their state in two fields alike (the current and the desired one) named like no field of
 * the zone's other kinds, so neither the values nor the zone's habits tell which is the state.
 * Containers says so above the list (once the agent read the zone's other kinds); Choose fields…
 * shows a record beside the choice; picking the state field by the value shown makes the rows'
 * states read; the zone's details mark it "chosen by you"; Reset brings the notice back.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { loopbackFetch } from '../support/loopback-fetch';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection } from './support/compute-steps';
import { signInWithMailboxCode } from './support/flows';
import { SHOTS } from './support/infra-flows';
import { sandboxBaseUrl } from './support/infra-sandbox';
import { seriousViolations } from './support/axe';

const chrome = chromiumOrSkip();
const DIALECT = 'random:13';

const notice = (page: Page): Locator => page.getByRole('status', { name: 'What Zonedeck cannot read in eu-1' });
const table = (page: Page): Locator => page.getByRole('table', { name: 'Containers', exact: true });
const row = (page: Page, name: string): Locator => table(page).getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

/** Three containers, each field a name no dialect makes; the state twice, alike in every record. */
const CONTAINERS = {
  items: [
    ['0b1f5a3e-58c4-4f0e-9d1a-6a1c2f0e0a01', 'web-1', 'running', 'nginx:1.27'],
    ['0b1f5a3e-58c4-4f0e-9d1a-6a1c2f0e0a02', 'db-proxy', 'stopped', 'haproxy:2.9'],
    ['0b1f5a3e-58c4-4f0e-9d1a-6a1c2f0e0a03', 'worker-1', 'running', 'python:3.12'],
  ].map(([id, name, state, image]) => ({ qv3k: id, zn8w: name, tr2now: state, tr2want: state, ob5: image })),
};

describe.runIf(chrome)(`the zone's dictionary on screen (${DIALECT})`, () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!, { env: { ZONEDECK_SANDBOX_DIALECT: DIALECT } });
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await app.page.getByLabel('Email').waitFor();
    const faults = await loopbackFetch(`${sandboxBaseUrl(app.dataDir, 'eu-1')}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reply: { mode: 'fixed', route: 'containers.list', body: JSON.stringify(CONTAINERS) } }),
    });
    expect(faults.status).toBe(200);
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
  }, 60_000);
  afterAll(async () => app?.close());

  it('says above Containers that their state cannot be read, and a choice by value makes it read', async () => {
    const { page } = app;
    await openSection(page, 'Containers');
    await row(page, 'web-1').waitFor({ timeout: 20_000 });
    await notice(page).waitFor({ timeout: 20_000 });
    expect(await notice(page).innerText()).toContain(
      'This zone’s containers have no field Zonedeck reads as their state; their fields are: qv3k, zn8w, tr2now, tr2want, ob5.',
    );
    await page.screenshot({ path: `${SHOTS}/dictionary-notice.png` });
    expect(await seriousViolations(page, 'the notice above Containers')).toEqual([]);

    await notice(page).getByRole('button', { name: 'Choose fields…' }).click();
    const dialog = page.getByRole('dialog', { name: 'How Zonedeck reads eu-1’s containers' });
    await dialog.waitFor();
    // The record beside the choice is one of the list's own.
    await dialog.getByText('nginx:1.27').first().waitFor();
    await expect.poll(() => dialog.getByLabel('state: 2 fields could be its state').count()).toBe(1);
    expect(await seriousViolations(page, 'Choose fields')).toEqual([]);
    // As a person would: open the state choice and pick the field whose value is the state shown.
    await dialog.getByLabel('Field read as its state').click();
    const options = page.locator('.n-base-select-option:visible');
    await options.first().waitFor();
    expect(await options.first().innerText()).toMatch(/running[\s\S]*could be/);
    await page.screenshot({ path: `${SHOTS}/dictionary-choose.png` });
    await options.filter({ hasText: 'running' }).first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => row(page, 'db-proxy').innerText(), { timeout: 20_000 }).toMatch(/stopped/i);
    expect(await row(page, 'web-1').innerText()).toMatch(/running/i);
    await notice(page).waitFor({ state: 'detached' });
  });

  it('shows the choice as chosen in the zone’s details; Reset asks, and the notice is back', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: /eu-1/ }).first().click({
      button: 'right',
    });
    await page.getByRole('menuitem', { name: 'How Zonedeck reads this zone…' }).click();
    const details = page.getByRole('dialog', { name: 'Edit zone eu-1' });
    const containers = details.getByRole('group', { name: 'How containers are read' });
    await containers.waitFor();
    await containers.getByLabel(/^containers state: tr2(now|want), chosen by you$/).waitFor();
    await page.screenshot({ path: `${SHOTS}/dictionary-zone-details.png` });
    expect(await seriousViolations(page, 'How Zonedeck reads this zone')).toEqual([]);
    await containers.getByRole('button', { name: 'Reset containers' }).click();
    await page.getByRole('button', { name: 'Reset containers', exact: true }).last().click();
    await containers.getByLabel(/^containers state: none, 2 fields could be$/).waitFor({ timeout: 20_000 });
    await details.getByRole('button', { name: 'Cancel' }).click();
    await details.waitFor({ state: 'hidden' });
    await notice(page).waitFor({ timeout: 20_000 });
  });
});
