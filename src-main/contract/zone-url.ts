/**
 * The one rule for a zone's base URL, used by the add-zone form, the zones.* commands and the
 * registry alike: https (http only to this computer), no credentials, no query or fragment.
 */

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** localhost, *.localhost, 127.0.0.0/8 and ::1: the only places plain http may go. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Checks a base URL and returns it in canonical form: lower-case host, no default port, no trailing slash. */
export function checkBaseUrl(raw: string): BaseUrlCheck {
  const text = raw.trim();
  const no = (reason: string): BaseUrlCheck => ({ ok: false, reason });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return no(`"${text}" is not a URL: enter a full address such as https://zone.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return no('The base URL must start with https://');
  if (url.username || url.password) return no('The base URL must not contain a user name or password');
  if (url.search || text.includes('?')) return no('The base URL must not contain a query (?…)');
  if (url.hash || text.includes('#')) return no('The base URL must not contain a fragment (#…)');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return no('The base URL must use https:// (http:// is allowed only for this computer: localhost, 127.0.0.1, ::1)');
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** True when `url` is a base URL already in canonical form (what the registry stores). */
export function isCanonicalBaseUrl(url: string): boolean {
  const r = checkBaseUrl(url);
  return r.ok && r.url === url;
}
