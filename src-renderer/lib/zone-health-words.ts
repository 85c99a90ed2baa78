/**
 * A zone's health in words: the rail's tooltip, the status bar, the stale banner ("As of 12:03 —
 * eu-1 is unreachable") and the reason an action is refused. Pure, so every place says the same.
 */
import type { ZoneHealth } from '@contract/commands';

let hm: Intl.DateTimeFormat | undefined;

/** "12:03": the time of day data was read or a zone stopped answering. */
export function timeOfDay(ms: number): string {
  hm ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  return hm.format(new Date(ms));
}

export function isDown(h: ZoneHealth | null | undefined): h is ZoneHealth & { state: 'unreachable' } {
  return h?.state === 'unreachable';
}

/** One short phrase: "reachable · 12 ms", "unreachable since 12:03", "not checked yet". */
export function healthPhrase(h: ZoneHealth | null | undefined): string {
  if (!h || h.state === 'unknown') return 'not checked yet';
  if (h.state === 'unreachable') return h.downSince ? `unreachable since ${timeOfDay(h.downSince)}` : 'unreachable';
  return h.latencyMs === null ? 'reachable' : `reachable · ${h.latencyMs} ms`;
}

/** The tooltip's lines under the zone's name. */
export function healthLines(h: ZoneHealth | null | undefined): string[] {
  const lines = [healthPhrase(h)];
  if (!h) return lines;
  if (h.state === 'unreachable') lines.push('checking again by itself, at least every 30 s');
  if (h.lastError && h.lastErrorAt) lines.push(`last error ${timeOfDay(h.lastErrorAt)}: ${h.lastError}`);
  return lines;
}

/**
 * A zone's name as it reads in a sentence: "eu-1", but "zone a" or "zone staging" where the name
 * is short or could be taken for a word ("a did not answer" reads oddly); `start` capitalises.
 */
export function zoneInWords(name: string, start = false): string {
  const plain = name.length <= 3 || !/[\d._-]/.test(name);
  if (!plain) return name;
  return `${start ? 'Zone' : 'zone'} ${name}`;
}

/** "As of 12:03 — eu-1 is unreachable": the time is when the data shown was read (or the zone last answered). */
export function staleBanner(zoneName: string, h: ZoneHealth, readAt: number | null): string {
  const at = readAt ?? h.lastOkAt;
  const head = at ? `As of ${timeOfDay(at)} — ` : '';
  return `${head}${zoneInWords(zoneName, !head)} is unreachable; showing the last data read.`;
}

/** Why an action is not offered while the zone is down. */
export function downReason(zoneName: string): string {
  return `${zoneInWords(zoneName, true)} is unreachable: changes are held back until it answers again.`;
}
