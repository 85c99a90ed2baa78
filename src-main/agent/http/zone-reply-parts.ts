/** The small parts of reading a zone's reply: its headers, the Accept a route asks with, its body decoded by the route's kind. */
import type { Route } from '../../contract/routes';
import type { RawHeaders } from './whole-reply';
import type { HeaderReader } from './zone-request';
import { parseJsonReply } from './reply-bounds';

/** Node's header record as WHATWG Headers (what every caller reads; Set-Cookie kept apart). */
export function toHeaders(raw: RawHeaders): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (Array.isArray(v)) for (const one of v) h.append(k, one);
    else if (v !== undefined) h.append(k, v);
  }
  return h;
}

/**
 * Reads Node's header record in place: a download's few headers, without WHATWG Headers, whose
 * first use compiles Node's own copy of undici (~15 ms in the signature moment's grab, #39).
 */
export function headerReader(raw: RawHeaders): HeaderReader {
  return {
    get(name) {
      const v = raw[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

/** Headers made on first read: most replies are never asked for theirs, and WHATWG Headers check every value. */
export function lazyHeaders(raw: RawHeaders): () => Headers {
  let made: Headers | undefined;
  return () => (made ??= toHeaders(raw));
}

export function acceptFor(route: Route): string {
  if (route.response === 'event-stream') return 'text/event-stream';
  if (route.response === 'json') return 'application/json';
  return '*/*';
}

/**
 * An empty reply is null whatever the kind. A JSON route must answer JSON (else a typed error the
 * screen shows, never text passed off as data); other routes labelled JSON are parsed when they are.
 */
export function decode(route: Route, text: string, status: number, contentType: string | null): unknown {
  if (text === '') return null;
  if (route.response === 'json') return parseJsonReply(text, status);
  if ((contentType ?? '').includes('json')) {
    try {
      return parseJsonReply(text, status);
    } catch {
      return text; // a download or text route labelled JSON: the bytes are still the file
    }
  }
  return text;
}
