/**
 * Field names of a zone's reply that no shape reads, told to the agent's log (names only, never
 * values) once per zone, kind and set of names: a user's bug report then says which fields a
 * zone nobody here wrote answers with.
 */
import { agent } from '../agent';

const told = new Set<string>();

export function noteUnread(zone: string, kind: string, fields: readonly string[]): void {
  const names = fields.filter((f) => /^[\w.-]{1,64}$/.test(f)).slice(0, 50);
  if (names.length === 0) return;
  const key = JSON.stringify([zone, kind, [...names].sort()]);
  if (told.has(key)) return;
  told.add(key);
  // The log is best effort: a refused or failed note changes nothing on screen.
  void agent.invoke('shapes.unread', { zone, kind: kind.slice(0, 40), fields: names }).catch(() => undefined);
}
