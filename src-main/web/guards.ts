/**
 * The browser host's gatekeeping: a per-launch token compared in constant time, and Host and
 * Origin checks so a page on another site (or a rebound DNS name) cannot drive the agent.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hashing first makes both sides the same length, so the comparison itself leaks nothing. */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function hostAllowed(host: string | undefined, port: number): boolean {
  return !!host && allowedHosts(port).has(host.toLowerCase());
}

/** Browsers always send Origin on WebSocket handshakes; a missing one is not a browser we serve. */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' && allowedHosts(port).has(u.host.toLowerCase());
  } catch {
    return false; // not a URL: refused, and the host logs the refusal
  }
}
