/**
 * Identity › a signed-out zone's screen mounted as the app shows it: the sign-in card named for the
 * zone with its address, what it says when nothing is typed, the zone's refusal in words with the
 * password kept, the second-factor step when the zone asks for one, and the mailbox beside the card
 * for a sandbox zone only.
 */
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { signedOut, zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, scriptZone } = await import('../../support/screen-zone');
const SignInView = (await import('../../../../src-renderer/features/identity/SignInView.vue')).default;

enableAutoUnmount(afterEach);

const OUT = zone('eu-1', signedOut, { name: 'Frankfurt' });

async function signIn(w: VueWrapper, email: string, password: string): Promise<void> {
  if (email) await w.find('input[type="email"], input[autocomplete="username"]').setValue(email);
  if (password) await w.find('input[type="password"]').setValue(password);
  await w.find('form').trigger('submit');
  for (let i = 0; i < 4; i++) await flushPromises();
}

describe('the sign-in screen', () => {
  it('names the zone and its address, and asks for both fields before calling the zone', async () => {
    scriptZone();
    const w = await mountScreen(SignInView, { zone: OUT });
    const card = w.find('section[aria-label="Sign in to Frankfurt"]');
    expect(card.find('h2').text()).toBe('Sign in to Frankfurt');
    expect(card.text()).toContain('https://eu-1.example.com');
    await signIn(w, '', '');
    expect(w.find('[role="alert"]').text()).toContain('Enter your email and password.');
    expect(scripted.commands.some((c) => c.command === 'auth.login')).toBe(false);
  });

  it('says the zone’s refusal in words and keeps what was typed', async () => {
    scriptZone({ commands: {} });
    scripted.command = (command) => {
      if (command === 'zones.list') return [OUT];
      if (command === 'auth.login')
        throw new AgentError({ status: 401, code: 'invalid_credentials', message: 'Email or password is wrong.' });
      return [];
    };
    const w = await mountScreen(SignInView, { zone: OUT });
    await signIn(w, 'dev@example.com', 'hunter22');
    expect(w.find('[role="alert"]').text()).toContain('Email or password is wrong.');
    expect((w.find('input[type="password"]').element as HTMLInputElement).value).toBe('hunter22');
    expect(scripted.commands.find((c) => c.command === 'auth.login')?.input).toEqual({
      zone: 'eu-1',
      email: 'dev@example.com',
      password: 'hunter22',
    });
  });

  it('goes on to the code step when the zone asks for a second factor, the password gone', async () => {
    scriptZone({
      commands: {
        'auth.login': {
          status: 'mfa_required',
          challenge: 'ch-1',
          method: 'email',
          email_hint: 'd***@example.com',
          resend_after_seconds: 30,
          mail_sent: true,
        },
      },
    });
    const w = await mountScreen(SignInView, { zone: OUT });
    await signIn(w, 'dev@example.com', 'hunter22');
    expect(w.find('h3').text()).toBe('Check your email');
    expect(w.find('input[aria-label="Code"]').exists()).toBe(true);
    expect(w.find('input[type="password"]').exists()).toBe(false);
  });

  it('shows the sandbox’s mailbox beside the card, and no mailbox for another zone', async () => {
    scriptZone();
    const other = await mountScreen(SignInView, { zone: OUT });
    expect(other.find('section.mailbox').exists()).toBe(false);
    other.unmount();
    const sandbox = await mountScreen(SignInView, { zone: { ...OUT, sandbox: true } });
    expect(sandbox.find('section.mailbox').exists()).toBe(true);
    expect(sandbox.find('section[aria-label="Sign in to Frankfurt"]').exists()).toBe(true);
  });
});
