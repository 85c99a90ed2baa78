/**
 * X-Hub-Signature-256 verification: "sha256=" + hex HMAC-SHA256 of the raw body bytes with the
 * app's secret, compared in constant time. A missing, malformed or wrong-length header is a
 * mismatch (timingSafeEqual needs equal lengths, so those are rejected before comparing).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(secret: string, raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

export function verify(secret: string, raw: Buffer, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(sign(secret, raw), 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
