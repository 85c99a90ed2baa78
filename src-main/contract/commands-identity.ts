/**
 * Commands of the identity area: sign-in extras, account security, sessions, API clients and
 * machine sign-in. These exist (rather than api.call) where the agent must keep something out of
 * the renderer — the remembered-browser cookie, tokens, client secrets — or act on several zones.
 * Inputs are validated by the agent's zod schemas.
 */

/**
 * A remembered browser as the security listing gives it; `current` marks this app. The agent's own
 * record, in its own names: the zone's (whatever they are) are read in identity-readers.ts.
 */
export interface DeviceView {
  id: string;
  label: string;
  createdAt?: string;
  lastUsedAt?: string;
  expiresAt?: string;
  current: boolean;
}

/** GET /auth/security, read tolerantly (its payload is "not shown" in the spec). */
export interface SecurityView {
  email?: string;
  email_verified?: boolean;
  totp_enabled: boolean;
  totp_pending?: boolean;
  recovery_codes_remaining?: number;
  locale?: string;
  active_sessions?: number;
  devices: DeviceView[];
  /** Every field the zone returned, for the details view. */
  raw: Record<string, unknown>;
}

/** An API client without its secret. */
export interface ApiClientView {
  id: string;
  client_id: string;
  name: string;
  description: string;
  scopes: string[];
  created_at?: string;
  updated_at?: string;
  raw: Record<string, unknown>;
}

/**
 * A client secret the agent holds in memory for a few minutes after create or rotate. The
 * renderer gets only the handle; the value travels only on an explicit Copy or Reveal.
 */
export interface SecretOnce {
  client: ApiClientView;
  secretHandle: string;
  /** Epoch ms after which the agent has forgotten the secret. */
  expiresAt: number;
}

/** Zones of the same account (same email, same cloud) that the agent signed out locally. */
export interface SignedOutZones {
  zones: string[];
}

export interface IdentityCommands {
  /** Sign in with an API client: id and secret are kept in the keychain, tokens from POST /oauth/token. */
  'auth.machine': { input: { zone: string; clientId: string; clientSecret: string }; output: { status: 'signed_in' } };
  'auth.forgotPassword': { input: { zone: string; email: string }; output: null };
  'auth.resetPassword': { input: { zone: string; email: string; code: string; newPassword: string }; output: null };
  /** The security listing, asked with this app's remembered-browser cookie so `current` is marked. */
  'identity.security': { input: { zone: string }; output: SecurityView };
  /** Removes one remembered browser; forgets the stored cookie when it was this app's. */
  'identity.devices.remove': { input: { zone: string; id: string }; output: { forgotThisBrowser: boolean } };
  'identity.devices.removeAll': { input: { zone: string }; output: { forgotThisBrowser: boolean } };
  /** POST revoke-all, then signs out every zone of that account in the app at once. */
  'identity.signOutEverywhere': { input: { zone: string }; output: SignedOutZones };
  /** The other zones in the app signed in to the same account: where the mail language applies. */
  'identity.accountZones': { input: { zone: string }; output: SignedOutZones };
  /** Writes recovery codes to a new file in Downloads; returns its path. */
  'identity.saveRecoveryCodes': { input: { zone: string; codes: string[] }; output: { path: string } };
  'apiClients.create': {
    input: { zone: string; name: string; description?: string; scopes: string[] };
    output: SecretOnce;
  };
  'apiClients.rotate': { input: { zone: string; id: string }; output: SecretOnce };
  /** The secret's value, on an explicit Copy or Reveal only. */
  'apiClients.secret': { input: { handle: string }; output: { client_secret: string } };
  /** Stores id + secret in the keychain and signs `zone` in as that client. */
  'apiClients.useForZone': { input: { handle: string; zone: string }; output: { status: 'signed_in' } };
  /** The panel was closed: forget the secret now. */
  'apiClients.forgetSecret': { input: { handle: string }; output: null };
  /** Revokes the client's tokens; zones in the app connected with it are signed out. */
  'apiClients.revokeTokens': { input: { zone: string; id: string }; output: SignedOutZones };
  /** Deletes the client; zones in the app connected with it are signed out. */
  'apiClients.delete': { input: { zone: string; id: string }; output: SignedOutZones };
}
