/** Relative times for lists ("3 min ago") with the absolute time kept for hover titles. */
const UNITS: [limit: number, secs: number, label: string][] = [
  [60, 1, 's'],
  [3600, 60, 'min'],
  [86400, 3600, 'h'],
  [86400 * 30, 86400, 'd'],
  [86400 * 365, 86400 * 30, 'mo'],
  [Infinity, 86400 * 365, 'y'],
];

export function relativeTime(date: Date | undefined, now: number = Date.now()): string {
  if (!date) return '—';
  const diff = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(diff);
  if (abs < 10) return 'just now';
  for (const [limit, secs, label] of UNITS) {
    if (abs < limit) {
      const n = Math.floor(abs / secs);
      return diff < 0 ? `${n} ${label} ago` : `in ${n} ${label}`;
    }
  }
  return date.toISOString();
}

/** One formatter for every call: toLocaleString with options builds a new one each time (~0.5 ms), which a table paid per cell. */
let absolute: Intl.DateTimeFormat | undefined;

export function absoluteTime(date: Date | undefined): string {
  if (!date) return '';
  absolute ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return absolute.format(date);
}

/** "1:05" for a countdown in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
