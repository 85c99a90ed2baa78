/** The token body of the spec, and what the agent reads from it. */
export interface TokenBody {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
}

export function isTokenBody(v: unknown): v is TokenBody {
  return typeof v === 'object' && v !== null && typeof (v as TokenBody).access_token === 'string';
}

/** Reads a JWT's claims without verifying: only to show who is signed in, never to trust. */
export function jwtClaims(jwt: string | undefined): Record<string, unknown> {
  const part = jwt?.split('.')[1];
  if (!part) return {};
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {}; // not a JWT (opaque tokens are allowed): no claims to show
  }
}

/** When to renew: a minute early, or at 80 % of short lifetimes, never sooner than 5 s. */
export function refreshDelayMs(expiresInSeconds: number): number {
  const early = Math.min(expiresInSeconds - 60, expiresInSeconds * 0.8);
  return Math.max(5, early) * 1000;
}
