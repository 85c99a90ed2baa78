/**
 * Identity › Account and Security (one screen, two pages) mounted as the app shows it: the cards
 * filled from the zone's security record, a record with nothing remembered said in words, and a
 * record that could not be read, with Retry.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityView } from '@contract/commands-identity';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const SettingsView = (await import('../../../../src-renderer/features/identity/SettingsView.vue')).default;

enableAutoUnmount(afterEach);

const SECURITY: SecurityView = {
  email: 'dev@example.com',
  email_verified: true,
  totp_enabled: false,
  locale: 'en',
  active_sessions: 3,
  devices: [
    {
      id: 'd1',
      label: 'Firefox on Linux',
      current: true,
      lastUsedAt: '2026-01-01T00:00:00Z',
      expiresAt: '2026-01-31T00:00:00Z',
    },
  ],
  raw: {},
};

type W = Awaited<ReturnType<typeof mountScreen>>;
const card = (w: W, title: string) => w.findAll('section[aria-labelledby]').find((s) => s.find('h2').text() === title);

describe('the Account page', () => {
  it('filled: the address, said verified', async () => {
    scriptZone({ commands: { 'identity.security': SECURITY } });
    const w = await mountScreen(SettingsView, { page: 'account' });
    expect(w.find('[aria-label="Account"]').exists()).toBe(true);
    const email = card(w, 'Email address')!;
    expect(email.text()).toContain('dev@example.com');
    expect(email.text()).toContain('Verified');
  });

  it('refused: says the account could not be loaded, with Retry', async () => {
    scriptZone({ commands: { 'identity.security': refused() } });
    const w = await mountScreen(SettingsView, { page: 'account' });
    const alert = w.find('[role="alert"]');
    expect(alert.text()).toContain('Could not load your account');
    expect(alert.find('button').text()).toBe('Retry');
  });
});

describe('the Security page', () => {
  it('filled: the remembered browsers and the sessions', async () => {
    scriptZone({ commands: { 'identity.security': SECURITY } });
    const w = await mountScreen(SettingsView, { page: 'security' });
    expect(w.find('[aria-label="Security"]').exists()).toBe(true);
    expect(w.find('[aria-label="Remembered browsers"] [aria-label="Firefox on Linux (this browser)"]').exists()).toBe(
      true,
    );
    expect(card(w, 'Sessions')!.text()).toContain('3 active sessions across every zone.');
  });

  it('empty: no remembered browser, said so with how to remember one', async () => {
    scriptZone({ commands: { 'identity.security': { ...SECURITY, devices: [] } } });
    const w = await mountScreen(SettingsView, { page: 'security' });
    expect(card(w, 'Remembered browsers')!.find('.empty').text()).toContain('No browser is remembered.');
  });

  it('refused: says the security settings could not be loaded, with Retry', async () => {
    scriptZone({ commands: { 'identity.security': refused() } });
    const w = await mountScreen(SettingsView, { page: 'security' });
    expect(w.find('[role="alert"]').text()).toContain('Could not load your security settings');
  });
});
