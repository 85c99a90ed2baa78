/**
 * Changes to the signed-in account: address verification, password, mail language, remembered
 * browsers, the authenticator app and ending sessions. Each one that changes the security record
 * reads it again, so the cards never reload by hand. Recovery codes and the authenticator secret
 * are handed to the card that shows them once; nothing here keeps them.
 */
import { agent } from '../../agent';
import { changingSecurity, securityChanged } from './identity';
import { changePasswordBody, emailVerifiedIn, recoveryCodesIn } from './shapes/account';

/** Mails a verification code; true when the address turned out verified already. */
export async function sendVerifyEmail(zone: string): Promise<boolean> {
  const r = await agent.call(zone, 'auth.sendVerifyEmail');
  if (!emailVerifiedIn(r)) return false;
  securityChanged(zone);
  return true;
}

export function verifyEmail(zone: string, code: string): Promise<unknown> {
  return changingSecurity(zone, () => agent.call(zone, 'auth.verifyEmail', { body: { code } }));
}

export async function changePassword(zone: string, currentPassword: string, newPassword: string): Promise<void> {
  const w = changePasswordBody(currentPassword, newPassword);
  await agent.call(zone, 'auth.changePassword', { body: w.values, words: { body: w.words } });
}

export async function setLocale(zone: string, locale: string): Promise<void> {
  await changingSecurity(zone, () => agent.call(zone, 'auth.locale', { body: { locale } }));
}

/** Forgets one remembered browser; true when it was this one. */
export async function removeDevice(zone: string, id: string): Promise<boolean> {
  return (await changingSecurity(zone, () => agent.invoke('identity.devices.remove', { zone, id }))).forgotThisBrowser;
}

export async function removeAllDevices(zone: string): Promise<void> {
  await changingSecurity(zone, () => agent.invoke('identity.devices.removeAll', { zone }));
}

/** Starts enrolment: the secret goes to the card that shows it (and nowhere else). */
export function startTotp(zone: string): Promise<{ secret: string; otpauth_url: string }> {
  return agent.call(zone, 'auth.totp.setup');
}

/** Turns the authenticator on; the recovery codes, shown once. */
export async function confirmTotp(zone: string, code: string): Promise<string[]> {
  const res = await changingSecurity(zone, () => agent.call(zone, 'auth.totp.confirm', { body: { code } }));
  return res.recovery_codes ?? [];
}

/** New recovery codes (the old ones stop working). */
export async function newRecoveryCodes(zone: string, password: string): Promise<string[]> {
  const res = await changingSecurity(zone, () => agent.call(zone, 'auth.totp.recoveryCodes', { body: { password } }));
  // This route's reply is "not shown" in the spec: take the codes only if they are where confirm puts them.
  return recoveryCodesIn(res);
}

export async function disableTotp(zone: string, password: string): Promise<void> {
  await changingSecurity(zone, () => agent.call(zone, 'auth.totp.disable', { body: { password } }));
}

/** Writes the codes to a file the agent picks; its path. */
export async function saveRecoveryCodes(zone: string, codes: string[]): Promise<string> {
  return (await agent.invoke('identity.saveRecoveryCodes', { zone, codes })).path;
}

/** Ends every session of the account; the zones of this app it signed out. */
export async function signOutEverywhere(zone: string): Promise<string[]> {
  return (await agent.invoke('identity.signOutEverywhere', { zone })).zones;
}
