/**
 * Signing a zone in: password, the second-factor step, an API client, and a forgotten password.
 * The agent keeps whatever the replies carry; the sign-in screens only ever see a challenge id.
 * The session that results reaches the zones store as an event (and resets the zone's data).
 */
import type { LoginResult } from '@contract/commands';
import { agent } from '../../agent';

export function logIn(zone: string, email: string, password: string): Promise<LoginResult> {
  return agent.invoke('auth.login', { zone, email, password });
}

/** True when the zone is signed in now. */
export async function verifyCode(
  zone: string,
  challenge: string,
  code: string,
  rememberDevice: boolean,
): Promise<boolean> {
  return (await agent.invoke('auth.verify', { zone, challenge, code, rememberDevice })).status === 'signed_in';
}

export function resendCode(
  zone: string,
  challenge: string,
): Promise<{ mail_sent: boolean; resend_after_seconds: number }> {
  return agent.invoke('auth.resend', { zone, challenge });
}

/** Id and secret go straight to the agent (keychain); nothing of them stays here. */
export async function machineSignIn(zone: string, clientId: string, clientSecret: string): Promise<void> {
  await agent.invoke('auth.machine', { zone, clientId, clientSecret });
}

export async function forgotPassword(zone: string, email: string): Promise<void> {
  await agent.invoke('auth.forgotPassword', { zone, email });
}

export async function resetPassword(zone: string, email: string, code: string, newPassword: string): Promise<void> {
  await agent.invoke('auth.resetPassword', { zone, email, code, newPassword });
}
