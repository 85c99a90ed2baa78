/**
 * A zone that answers the containers list with something that is not JSON (issue #11, item 6):
 * the screen shows the typed error, not "no containers".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackFetch } from '../support/loopback-fetch';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { sandboxBaseUrl } from './support/infra-sandbox';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('a list the zone cannot answer', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await app.page.getByLabel('Email').waitFor();
  }, 90_000);
  afterAll(() => app?.close());

  it('shows the error for a malformed 200, and the list once the zone answers again', async () => {
    const faults = `${sandboxBaseUrl(app.dataDir, 'eu-1')}/_sandbox/faults`;
    const post = (reply: unknown) =>
      loopbackFetch(faults, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reply }),
      });
    // The zone breaks before anything reads its containers: the home page, where the zone opens,
    // reads them first and says so; its count opens the list, which shows the error too.
    expect((await post({ mode: 'malformed', route: 'containers.list' })).status).toBe(200);
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    const count = app.page
      .getByRole('region', { name: 'Overview of eu-1' })
      .getByRole('button', { name: /^Containers could not be read: / });
    await count.waitFor({ timeout: 15_000 });
    expect(await count.innerText()).toContain('not valid JSON');
    await count.click();
    const alert = app.page.getByRole('alert').filter({ hasText: 'not valid JSON' });
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.innerText()).toContain('The zone sent a reply that is not valid JSON, so it could not be read.');
    expect(await app.page.getByText(/has no containers yet/).count()).toBe(0);

    await post(null);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await app.page
      .getByRole('table', { name: 'Containers', exact: true })
      .getByRole('row', { name: /\bweb-1\b/ })
      .waitFor({ timeout: 15_000 });
  });
});
