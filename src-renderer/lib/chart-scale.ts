/** Axis arithmetic for small SVG charts: nice ticks, unit-aware value labels, time labels. */

export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  const n = max / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
}

const BYTES = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "42 %", "512 MiB", "1.2 MB/s". */
export function formatValue(v: number, unit: string): string {
  if (unit === 'percent') return `${v.toFixed(v < 10 ? 1 : 0)} %`;
  if (unit === 'bytes/s' || unit === 'bytes') {
    let i = 0;
    let x = v;
    while (x >= 1000 && i < BYTES.length - 1) {
      x /= 1000;
      i++;
    }
    return `${x.toFixed(x < 10 && i > 0 ? 1 : 0)} ${BYTES[i]}${unit === 'bytes/s' ? '/s' : ''}`;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${unit}`;
}

export function formatClock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
