/**
 * The one rule for names Zonedeck puts on disk and in kubeconfigs, shared by the agent (which
 * writes) and the renderer (which shows and suggests paths): [a-z0-9-] only, unique, bounded.
 * Zone and cluster names come from a server: `a/b` and `a\0b` must not become one file, a
 * 300-character name must not fail with ENAMETOOLONG, and a name in Japanese must still save.
 */

/** [a-z0-9-] only, no leading/trailing dashes; may come out empty (use uniqueSegment to name files). */
export function sanitizeSegment(value: string): string {
  return (
    value
      .normalize('NFKD')
      // Accents go, letters stay: "Zürich" -> "zurich", not "zu-rich".
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/** cyrb53 (public domain): a fast 53-bit string hash, the same in Node and in the page. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Eight base-36 characters (~41 bits) of the original name. */
export function shortHash(text: string): string {
  return hash53(text).toString(36).padStart(8, '0').slice(-8);
}

/** A sanitised segment stays at most this long; with the zone part a file name stays under 120 bytes. */
export const SEGMENT_MAX = 72;

/**
 * The readable sanitised name, plus a short hash of the original whenever sanitising changed it
 * (so two names never collapse into one), bounded to `max` characters. Never empty.
 */
export function uniqueSegment(value: string, max = SEGMENT_MAX): string {
  const clean = sanitizeSegment(value);
  if (clean === value && clean.length > 0 && clean.length <= max) return clean;
  const tag = shortHash(value);
  const stem = clean.slice(0, max - tag.length - 1).replace(/-+$/, '');
  return stem ? `${stem}-${tag}` : tag;
}

/** `<zone>-<cluster>`: a cluster's kubeconfig entry name and its file stem under ~/.kube/zonedeck. */
export function clusterEntryName(zone: string, cluster: string): string {
  return `${uniqueSegment(zone, 40)}-${uniqueSegment(cluster)}`;
}

/**
 * `<zone>-<name>.<ext>` for a file the zone named (VPN profile, log archive): the zone prefix and
 * an extension are always there, whatever the suggested name looked like. `ext` is the default;
 * the suggestion's own short extension ("ovpn", "gz") wins when it has one.
 */
export function zonedFileName(zone: string, suggested: string, ext: string): string {
  const last = suggested.split(/[/\\]/).pop() ?? '';
  // One extension, or two for archives ("logs.tar.gz"); "my.notes.txt" keeps "txt".
  const m = /^(.*?)\.(tar\.[A-Za-z0-9]{1,4})$/i.exec(last) ?? /^(.*)\.([A-Za-z0-9]{1,8})$/.exec(last);
  const stem = m?.[1] ? m[1] : last;
  const extension = m?.[1] ? m[2]!.toLowerCase() : ext;
  const z = uniqueSegment(zone, 40);
  const named = stem.startsWith(`${z}-`) ? stem.slice(z.length + 1) : stem;
  return `${z}-${uniqueSegment(named)}.${extension}`;
}
