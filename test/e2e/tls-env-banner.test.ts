/** NODE_TLS_REJECT_UNAUTHORIZED=0 where the host started: every window says certificates are not checked, for good. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('certificate checks turned off by the environment', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!, { env: { NODE_TLS_REJECT_UNAUTHORIZED: '0' } });
  });
  afterAll(async () => app?.close());

  it('shows a warning that cannot be closed', async () => {
    const banner = app.page.getByRole('alert').filter({ hasText: 'Certificate checks are off' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('NODE_TLS_REJECT_UNAUTHORIZED=0');
    expect(await banner.getByRole('button', { name: /close/i }).count()).toBe(0);
  });
});
