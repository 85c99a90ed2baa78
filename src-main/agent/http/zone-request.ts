/** What a call to a zone is and what it answers (zone-client.ts sends it). */
import type { Readable } from 'node:stream';
import type { Route } from '../../contract/routes';
import type { BodyEncoding } from '../../contract/zone-words';

export interface ZoneEndpoint {
  baseUrl: string;
  caFile?: string;
}

export type QueryValue = string | number | boolean;

export interface ZoneRequest {
  route: Route;
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A body read before and what it decoded to: the same bytes again are not decoded nor parsed again (a long list polled live). */
  known?: { bytes: Buffer; data: unknown };
  /** The most of the body `send` reads (default MAX_JSON_REPLY_BYTES); past it: reply_too_large. */
  maxBytes?: number;
  /**
   * A success reply of a JSON route that is one plain JSON value comes back as a PassedJson (its
   * bytes, not parsed) for a caller that only hands it on; any other reply is decoded as usual.
   */
  passJson?: boolean;
  /** `text`: a string body goes as raw text/plain whatever the route's request kind (a zone that takes text). */
  encoding?: BodyEncoding;
}

export interface ZoneResponse<T = unknown> {
  status: number;
  /** The decoded body; a PassedJson (passed-json.ts) when the request asked for `passJson` and it could be. */
  data: T;
  headers: ReplyHeaders;
  /** The body as received: `known.bytes` itself when it was the same. */
  bytes: Buffer;
  /** The body as text (decoded when first read). */
  readonly text: string;
  /** The Link header as sent, if any (a list's next page may be named there). */
  link?: string;
}

/** A reply's headers: by name, as Headers#get says it (repeats joined by ", "), and its Set-Cookie lines apart. */
export interface ReplyHeaders {
  get(name: string): string | null;
  getSetCookie(): string[];
}

export interface ZoneDownload {
  status: number;
  headers: ReplyHeaders;
  /** The body, unread; destroy() stops it (destroy(err) makes a reader throw err). */
  body: Readable;
}
