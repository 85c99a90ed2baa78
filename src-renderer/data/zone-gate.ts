/**
 * Ties the renderer's zone-scoped state to sessions: a zone is read only while signed in, and
 * what was read or kept as one identity is forgotten when the zone signs out or signs in as
 * someone else, so nothing shows to the next person. The zones store feeds it every session it
 * learns of.
 *
 * Two kinds of state: the resource cache (dropped at once on any sign-out), and state outside it
 * that stores register with `onZoneReset` (a workflow draft, skill editor tabs, CMS runs and
 * history, consoles). Those are cleared when the person signs out, when another identity signs
 * in, and when the zone is removed. A session that ended by itself (a refusal to renew, said with
 * a reason) keeps them until the next sign-in shows who it is: the same person finds their unsaved
 * text again, anyone else finds nothing.
 */
import type { SessionView } from '@contract/commands';
import { resources } from './resources';

/** Who a zone is signed in as ('' when signed out): data loaded as one identity is not another's. */
export function whoOf(s: SessionView): string {
  if (s.state === 'signed_out') return '';
  return s.kind === 'machine' ? `machine:${s.clientId ?? ''}` : `user:${s.email ?? ''}`;
}

const who = new Map<string, string>();
/** Whose zone-scoped state the stores hold, per zone (kept through a sign-out that was not the person's doing). */
const owner = new Map<string, string>();
const resets = new Set<(zone: string) => void>();

/** Called once by the app's plugin (shell/app-plugin.ts): the cache reads a zone only while it is signed in. */
export function installZoneGate(): void {
  resources.setZoneGate((zone) => (who.get(zone) ?? '') !== '');
}

/**
 * Registers zone-scoped state kept outside the resource cache: `clear(zone)` must forget all of
 * it for that zone. Returns the unregister function.
 */
export function onZoneReset(clear: (zone: string) => void): () => void {
  resets.add(clear);
  return () => resets.delete(clear);
}

/** Deletes `zone`'s entries (keys `<zone><sep>…`) from the maps and records a store keeps. */
export function dropZoneKeys(
  zone: string,
  sep: string,
  ...holders: (Map<string, unknown> | Record<string, unknown>)[]
): void {
  const prefix = zone + sep;
  for (const h of holders) {
    if (h instanceof Map) {
      for (const k of [...h.keys()]) if (k.startsWith(prefix)) h.delete(k);
    } else for (const k of Object.keys(h)) if (k.startsWith(prefix)) delete h[k];
  }
}

function reset(zone: string): void {
  owner.delete(zone);
  for (const clear of [...resets]) clear(zone);
}

/** A zone's session as last heard; 'refreshing' keeps the identity, so it keeps the data too. */
export function noteSession(zone: string, session: SessionView): void {
  if (session.state === 'refreshing') return;
  const now = whoOf(session);
  const before = who.get(zone);
  if (before === now) return;
  if (before !== undefined && before !== '') resources.dropZone(zone);
  who.set(zone, now);
  if (now === '') {
    // The person signed out (no reason given): their state goes now.
    if (!session.reason) reset(zone);
  } else {
    const held = owner.get(zone);
    if (held !== undefined && held !== now) reset(zone);
    owner.set(zone, now);
  }
  resources.zonesChanged();
}

/** The zone is gone: forget it and everything read from it. */
export function forgetZone(zone: string): void {
  who.delete(zone);
  resources.dropZone(zone);
  reset(zone);
}
