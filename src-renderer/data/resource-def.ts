/**
 * What a resource is: its name, the zone and key parts it is read for, how it is fetched, and how
 * often it is polled while a screen watches it. Definitions are plain data made once per module;
 * stores define them and views never see them.
 */
import type { KeyPart, ResourceKey } from './resource-key';

export interface FetchContext<T> {
  /** The value shown now (undefined before the first read): fetchers may build on it. */
  readonly previous: T | undefined;
  /** Scratch space of this one entry that lasts between reads (a list.poll copy); dropped with it. */
  readonly memo: Record<string, unknown>;
  /** Aborted when this read is superseded (invalidated while it runs, or its zone dropped): pass it to the agent. */
  readonly signal: AbortSignal;
}

export interface ResourceDef<T, A> {
  readonly name: string;
  zone(args: A): string;
  parts?(args: A): readonly KeyPart[];
  fetch(args: A, ctx: FetchContext<T>): Promise<T>;
  /**
   * Poll interval (ms) while at least one screen watches, chosen from the value shown (a cluster
   * that upgrades polls faster than one that runs); null or absent: read on mount and on
   * invalidation only.
   */
  poll?: number | ((data: T | undefined) => number | null);
}

export function defineResource<T, A>(def: ResourceDef<T, A>): ResourceDef<T, A> {
  return def;
}

export function keyOf<T, A>(def: ResourceDef<T, A>, args: A): ResourceKey {
  const parts = def.parts?.(args);
  return parts?.length ? { zone: def.zone(args), name: def.name, parts } : { zone: def.zone(args), name: def.name };
}

export function pollInterval<T, A>(def: ResourceDef<T, A>, data: T | undefined): number | null {
  const p = def.poll;
  if (p === undefined) return null;
  return typeof p === 'number' ? p : p(data);
}
