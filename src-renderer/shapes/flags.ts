/** A yes/no field of a workspace's records, read tolerantly: the first of `keys` holding a boolean; undefined when none does. */
import type { Raw } from '../lib/tolerant';

export function boolOf(raw: Raw, ...keys: string[]): boolean | undefined {
  for (const k of keys) if (typeof raw[k] === 'boolean') return raw[k];
  return undefined;
}
