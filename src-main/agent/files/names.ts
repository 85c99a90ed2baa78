/**
 * Names that end up on disk or in a shell. Zone and cluster names come from a server, file names
 * from a Content-Disposition header: neither may steer a write outside the folder we chose.
 */

export { clusterEntryName, sanitizeSegment, uniqueSegment, zonedFileName } from '../../contract/file-names';

// Windows refuses these as file names whatever the extension; a profile saved to a shared
// folder must open on every machine.
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_NAME = 200;

/**
 * A server-suggested file name made safe: the last path segment only, no control or reserved
 * characters, no leading dots (no hidden files, no ".."), no trailing dots or spaces.
 */
export function sanitizeFileName(name: string, fallback = 'download'): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  let clean = last
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  if (!clean) clean = fallback;
  const dot = clean.lastIndexOf('.');
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  if (WINDOWS_RESERVED.test(stem)) clean = `_${clean}`;
  if (clean.length > MAX_NAME) {
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME - ext.length) + ext;
  }
  return clean;
}

/** "profile.ovpn" -> "profile (2).ovpn": the browser convention people already know. */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** YYYYMMDD-HHMMSS in local time: the backup name is read by the person who made it. */
export function backupStamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-` +
    `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  );
}

/** Quotes a path for a POSIX shell only when it needs it, so the common case stays copyable as-is. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** filename*=UTF-8''… wins over filename="…" (RFC 6266); the writer sanitises whatever comes. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}
