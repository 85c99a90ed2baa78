/** The small parts of reading a zone's reply: its headers, the Accept a route asks with, its body decoded by the route's kind. */
import type { Route } from '../../contract/routes';
import type { RawHeaders } from './whole-reply';
import type { ReplyHeaders } from './zone-request';
import { parseJsonReply } from './reply-bounds';

/**
 * Reads Node's header record in place, without WHATWG Headers: their first use compiles Node's
 * own copy of undici (~15 ms inside the signature moment's grab, #39), and most replies are never
 * asked for their headers at all.
 */
export function headerReader(raw: RawHeaders): ReplyHeaders {
  return {
    get(name) {
      const v = raw[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    getSetCookie() {
      const v = raw['set-cookie'];
      return v === undefined ? [] : Array.isArray(v) ? v : [v];
    },
  };
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
