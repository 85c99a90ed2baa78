/**
 * Identity state: plain JSON-serialisable records (so --data-dir can snapshot them), one store for
 * every zone. Secrets are kept as hashes (passwords, refresh tokens, cookies, codes) or sealed
 * (authenticator seeds).
 */
import { SEED_TENANT_ID, SEED_USERS } from './seed';
import { hashPassword, seal, sha256 } from './crypto';

export interface UserRec {
  id: string;
  email: string;
  tenantId: string;
  passwordHash: string;
  permissions: string[];
  locale: string;
  emailVerified: boolean;
  /** Sealed authenticator seed once enrolled; the string "unsealed-unavailable" without a key. */
  totpSealed?: string;
  /** Seed waiting for its confirm code. */
  pendingTotpSealed?: string;
  /** Last accepted TOTP step: a step is never accepted twice. */
  totpLastStep: number;
  recoveryHashes: string[];
  mfaFailures: number;
  mfaLockedUntil: number;
}

export interface ChallengeRec {
  id: string;
  userId: string;
  zoneId: string;
  method: 'email' | 'totp';
  codeHash?: string;
  expiresAt: number;
  mailsSent: number;
  lastSentAt: number;
}

export interface SessionRec {
  id: string;
  userId: string;
  zoneId: string;
  createdAt: number;
  refreshHash: string;
  /** Hashes of rotated-away refresh tokens: presenting one again is reuse and ends the session. */
  usedRefreshHashes: string[];
  revoked: boolean;
}

export interface DeviceRec {
  id: string;
  userId: string;
  hash: string;
  label: string;
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
}

export interface ApiClientRec {
  id: string;
  clientId: string;
  secretHash: string;
  name: string;
  description: string;
  scopes: string[];
  tenantId: string;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /** Bumped by revoke-tokens; tokens carry the generation they were minted in. */
  tokenGeneration: number;
}

export interface MailRec {
  id: string;
  zone: string;
  to: string;
  subject: string;
  body: string;
  code: string;
  kind: 'mfa_code' | 'password_reset' | 'verify_email';
  sent_at: string;
}

export interface CodeRec {
  userId: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

export interface IdentityState {
  users: Record<string, UserRec>;
  challenges: Record<string, ChallengeRec>;
  sessions: Record<string, SessionRec>;
  devices: Record<string, DeviceRec>;
  apiClients: Record<string, ApiClientRec>;
  /** Revoked access-token ids -> their expiry (pruned once expired). */
  revokedJtis: Record<string, number>;
  /** Password-reset and address-verification codes, keyed "reset:<userId>" / "verify:<userId>". */
  codes: Record<string, CodeRec>;
  outbox: MailRec[];
}

/** Fixed recovery codes of the seeded authenticator user, so the no-key paths stay testable. */
export const SEED_RECOVERY_CODES = ['rc-seedq-aaaaa', 'rc-seedq-bbbbb', 'rc-seedq-ccccc'];

export function seedState(key: Buffer | undefined): IdentityState {
  const users: Record<string, UserRec> = {};
  for (const u of SEED_USERS) {
    users[u.id] = {
      id: u.id,
      email: u.email,
      tenantId: SEED_TENANT_ID,
      passwordHash: hashPassword(u.password),
      permissions: [...u.permissions],
      locale: 'en',
      emailVerified: u.email !== 'viewer@example.com', // one unverified account for verify-email
      totpSealed: u.totpSecret ? (key ? seal(key, u.totpSecret) : UNAVAILABLE) : undefined,
      totpLastStep: -1,
      recoveryHashes: u.totpSecret ? SEED_RECOVERY_CODES.map(sha256) : [],
      mfaFailures: 0,
      mfaLockedUntil: 0,
    };
  }
  return { users, challenges: {}, sessions: {}, devices: {}, apiClients: {}, revokedJtis: {}, codes: {}, outbox: [] };
}

/** Marks an enrolled authenticator whose seed could not be sealed (no deployment key). */
export const UNAVAILABLE = 'unsealed-unavailable';
