/**
 * Deep links in the browser host (the URL fragment carries the same route as zonedeck://): a link
 * to a container opens its details in its zone, whichever zone was on screen, and a link to a zone
 * this window lacks says so instead of guessing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('deep links', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
  });
  afterAll(async () => app?.close());

  const follow = (link: string) => app.page.evaluate((l) => (location.hash = l), link);

  it('opens a container’s details in its zone from a link, from another zone’s screen', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const list = await sandboxCall(base, await sandboxToken(base), 'GET', '/api/v1/containers');
    const items = (Array.isArray(list) ? list : (list.items as unknown[])) as { id: string; name: string }[];
    const target = items[1]!;
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'us-1' }).click();
    await openSection(page, 'Kubernetes');
    await expect.poll(() => rail.getByRole('button', { name: 'us-1' }).getAttribute('aria-current')).toBe('true');

    await follow(`#/zone/eu-1/compute/containers/${encodeURIComponent(target.id)}`);
    await page.getByRole('complementary', { name: `Details of ${target.name}` }).waitFor();
    expect(await rail.getByRole('button', { name: 'eu-1' }).getAttribute('aria-current')).toBe('true');
    expect(await page.evaluate(() => location.hash)).toBe(''); // taken out of the address bar
  });

  it('says when the link’s zone is not in this window', async () => {
    await follow('#/zone/ap-9/containers/x');
    await app.page.getByText('The link is for the zone “ap-9”, which is not in Zonedeck here').waitFor();
  });

  it('focuses the pane already on the link’s zone and opens the item there, leaving the other pane as it was', async () => {
    const { page } = app;
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const list = await sandboxCall(base, await sandboxToken(base), 'GET', '/api/v1/containers');
    const items = (Array.isArray(list) ? list : (list.items as unknown[])) as { id: string; name: string }[];
    const target = items[2]!;
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'eu-1' }).click();
    await openSection(page, 'Compute', 'Containers');
    await page.keyboard.press('Control+Backslash');
    const pane = (n: number) => page.getByRole('region', { name: new RegExp(`^Pane ${n}: `) });
    // The second pane (focused) turns to us-1's Kubernetes; the first stays on eu-1's containers.
    await rail.getByRole('button', { name: 'us-1' }).click();
    await openSection(page, 'Kubernetes');
    await expect.poll(() => pane(2).getAttribute('aria-label')).toMatch(/^Pane 2: us-1/);

    await follow(`#/zone/eu-1/compute/containers/${encodeURIComponent(target.id)}`);
    await pane(1)
      .getByRole('complementary', { name: `Details of ${target.name}` })
      .waitFor();
    expect(await pane(1).getAttribute('aria-current')).toBe('true');
    expect(await pane(2).getAttribute('aria-label')).toMatch(/^Pane 2: us-1 — Kubernetes/);
    expect(await page.getByRole('region', { name: /^Pane \d: / }).count()).toBe(2);
  });
});
