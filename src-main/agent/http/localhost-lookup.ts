/**
 * Resolves `*.localhost` to loopback (RFC 6761 §6.3), which glibc does not do by itself, so the
 * sandbox's zones (eu-1.sandbox.localhost, …) are reachable by name, each with its own Host.
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

export function isLocalhostName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

export const localhostLookup: LookupFunction = (hostname, options, callback) => {
  if (!isLocalhostName(hostname)) {
    dns.lookup(hostname, options, callback);
    return;
  }
  if (options.all) {
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  } else {
    callback(null, '127.0.0.1', 4);
  }
};
