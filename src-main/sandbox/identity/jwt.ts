/** HS256 JSON Web Tokens with node:crypto (no library: the sandbox needs sign and verify only). */
import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const HEADER = b64({ alg: 'HS256', typ: 'JWT' });

export function signJwt(key: Buffer, claims: Record<string, unknown>): string {
  const body = `${HEADER}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** Claims when the signature verifies (expiry is the caller's business), else undefined. */
export function verifyJwt(key: Buffer, token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const sig = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest('base64url');
  if (!safeEqual(sig, parts[2]!)) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
