/**
 * The seeded accounts: the same in every zone, one tenant. Ids and secrets are fixed so that a
 * restarted sandbox (and a test written against it) sees the same people.
 */
import { ALL_SCOPES, PERMISSIONS, READ_SCOPES } from '../core/scopes';
import type { SeedUser } from '../core/types';

export const SEED_TENANT_ID = '5a1d0b0e-7e57-4a11-8c3e-000000000001';

/** Base32 authenticator seed of totp@example.com (printed on the ready line). */
export const SEED_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const restricted = new Set<string>(PERMISSIONS);

export const SEED_USERS: readonly SeedUser[] = [
  {
    id: '00000000-0000-4000-8000-00000000d001',
    email: 'dev@example.com',
    password: 'sandbox-dev',
    method: 'email',
    permissions: ALL_SCOPES,
  },
  {
    id: '00000000-0000-4000-8000-00000000d002',
    email: 'totp@example.com',
    password: 'sandbox-totp',
    method: 'totp',
    totpSecret: SEED_TOTP_SECRET,
    permissions: ALL_SCOPES,
  },
  {
    // Read-only, and without the four named permissions, so 403 paths can be exercised.
    id: '00000000-0000-4000-8000-00000000d003',
    email: 'viewer@example.com',
    password: 'sandbox-viewer',
    method: 'email',
    permissions: READ_SCOPES.filter((s) => !restricted.has(s)),
  },
];
