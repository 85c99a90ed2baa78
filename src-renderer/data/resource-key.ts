/**
 * Every resource the renderer holds is scoped to one zone: its key names the zone, the resource
 * (usually the operation that reads it) and any further parts (an id, a query). Filters match by
 * prefix, so "everything of eu-1" or "every containers.get of eu-1" are one call.
 */
export type KeyPart = string | number | boolean;

export interface ResourceKey {
  readonly zone: string;
  readonly name: string;
  readonly parts?: readonly KeyPart[];
}

/** A prefix of a key: leave out what should match anything. */
export interface KeyFilter {
  readonly zone?: string;
  readonly name?: string;
  readonly parts?: readonly KeyPart[];
}

export function keyText(key: ResourceKey): string {
  return JSON.stringify([key.zone, key.name, ...(key.parts ?? [])]);
}

export function keyMatches(key: ResourceKey, filter: KeyFilter): boolean {
  if (filter.zone !== undefined && filter.zone !== key.zone) return false;
  if (filter.name !== undefined && filter.name !== key.name) return false;
  const want = filter.parts ?? [];
  const have = key.parts ?? [];
  return want.every((p, i) => have[i] === p);
}
