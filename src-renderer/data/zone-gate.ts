/**
 * Ties the resource layer to sessions: a zone is read only while signed in, and what was read as
 * one identity is forgotten when the zone signs out or signs in as someone else, so nothing stale
 * shows to the next person. The zones store feeds it every session it learns of.
 */
import type { SessionView } from '@contract/commands';
import { resources } from './resources';

/** Who a zone is signed in as ('' when signed out): data loaded as one identity is not another's. */
export function whoOf(s: SessionView): string {
  if (s.state === 'signed_out') return '';
  return s.kind === 'machine' ? `machine:${s.clientId ?? ''}` : `user:${s.email ?? ''}`;
}

const who = new Map<string, string>();

/** Called once by main.ts: the cache reads a zone only while it is signed in. */
export function installZoneGate(): void {
  resources.setZoneGate((zone) => (who.get(zone) ?? '') !== '');
}

/** A zone's session as last heard; 'refreshing' keeps the identity, so it keeps the data too. */
export function noteSession(zone: string, session: SessionView): void {
  if (session.state === 'refreshing') return;
  const now = whoOf(session);
  const before = who.get(zone);
  if (before === now) return;
  if (before !== undefined && before !== '') resources.dropZone(zone);
  who.set(zone, now);
  resources.zonesChanged();
}

/** The zone is gone: forget it and everything read from it. */
export function forgetZone(zone: string): void {
  who.delete(zone);
  resources.dropZone(zone);
}
