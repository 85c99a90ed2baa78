/**
 * How much of a zone's reply the agent will hold and how deeply it will let it nest: a hostile or
 * broken zone must not grow the agent by gigabytes, nor hand JSON.stringify (on the way to the
 * page) or the list compare a document deep enough to overflow the stack.
 */
import type { Response } from 'undici';
import { AGENT_CODES, AgentError } from '../../contract/errors';

/** A JSON reply (the sandbox's 100,000 containers are ~51 MiB, so such a list still fits); past this the read stops. */
export const MAX_JSON_REPLY_BYTES = 64 * 1024 * 1024;
/** An error reply is a sentence or a small record; more is kept out of the details. */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;
/** Nesting of any JSON a zone sends (real payloads stay under ten levels). */
export const MAX_JSON_DEPTH = 64;

export function mib(bytes: number): string {
  const m = bytes / (1024 * 1024);
  return m >= 1 ? `${Number.isInteger(m) ? m : m.toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export function replyTooLarge(status: number, limit: number): AgentError {
  return new AgentError({
    status,
    code: AGENT_CODES.replyTooLarge,
    message: `The zone’s reply is larger than ${mib(limit)}, the most the app reads; it was not read.`,
    details: { limitBytes: limit },
  });
}

export function replyInvalid(status: number, message: string): AgentError {
  return new AgentError({ status, code: AGENT_CODES.replyInvalid, message });
}

export const TOO_DEEP = `The zone sent a reply nested too deeply to read (more than ${MAX_JSON_DEPTH} levels).`;

/** Thrown while reading a body past its cap; becomes reply_too_large once the status is known. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

/**
 * The body as text, read with a running byte count: a Content-Length over the cap is refused
 * before reading, and a body that grows past it is cancelled at that point.
 */
export async function readBounded(res: Response, maxBytes: number): Promise<string> {
  const body = res.body;
  if (!body) return '';
  const cancel = () => void body.cancel().catch(() => undefined);
  return readBoundedChunks(body, Number(res.headers.get('content-length')), maxBytes, cancel);
}

/** The same for any body that yields bytes (a WHATWG stream, a Node stream); `cancel` stops it. */
export async function readBoundedChunks(
  body: AsyncIterable<Uint8Array>,
  declaredLength: number,
  maxBytes: number,
  cancel: () => void,
): Promise<string> {
  return utf8(await readBoundedBytes(body, declaredLength, maxBytes, cancel));
}

/** One decoder for every reply: decode() without `stream` keeps no state between calls. */
const decoder = new TextDecoder();
export const utf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

/**
 * The body's bytes, bounded as above. Given `known` (a body read before), each chunk is compared
 * with it as it arrives, and a body byte for byte the same is answered with `known` itself: a long
 * list polled live and unchanged (10 MiB for 20,000 containers) is then neither joined nor decoded.
 */
export async function readBoundedBytes(
  body: AsyncIterable<Uint8Array>,
  declaredLength: number,
  maxBytes: number,
  cancel: () => void,
  known?: Buffer,
): Promise<Buffer> {
  if (declaredLength > maxBytes) {
    cancel();
    throw new BodyTooLarge(maxBytes);
  }
  const bounded = new BoundedBody(declaredLength, maxBytes, known);
  for await (const value of body) {
    if (!bounded.add(value)) {
      cancel();
      throw new BodyTooLarge(maxBytes);
    }
  }
  return bounded.bytes();
}

/**
 * readBoundedBytes' running count and `known` comparison, fed chunk by chunk: for a reader that is
 * handed chunks (an undici dispatch handler) rather than one that iterates a stream. The caller
 * refuses a declared length over `maxBytes` before reading.
 */
export class BoundedBody {
  private readonly chunks: Uint8Array[] = [];
  private total = 0;
  private same: boolean;

  constructor(
    declaredLength: number,
    private readonly maxBytes: number,
    private readonly known?: Buffer,
  ) {
    this.same = known !== undefined && (Number.isNaN(declaredLength) || declaredLength === known.length);
  }

  /** False once the body is past `maxBytes`: stop reading it. */
  add(value: Uint8Array): boolean {
    const known = this.known!;
    const end = this.total + value.byteLength;
    if (this.same && (end > known.length || !known.subarray(this.total, end).equals(value))) {
      this.same = false;
      // What matched so far is `known`'s start: the chunks it came in were not kept.
      this.chunks.push(known.subarray(0, this.total));
    }
    this.total = end;
    if (end > this.maxBytes) return false;
    if (!this.same) this.chunks.push(value);
    return true;
  }

  /** The whole body: `known` itself when it came again byte for byte. */
  bytes(): Buffer {
    const { known, total, same } = this;
    if (same && total === known!.length) return known!;
    // A copy even of a shorter match: the reply must not keep the old body alive.
    return Buffer.concat(same ? [known!.subarray(0, total)] : this.chunks, total);
  }
}

/**
 * True when `text`, read as JSON, nests deeper than `max` arrays/objects. One pass over the
 * characters (strings skipped), so the check costs less than the parse it guards.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** JSON a zone sent on a route that promises JSON: a typed error when it is too deep or not JSON. */
export function parseJsonReply(text: string, status: number): unknown {
  if (jsonTooDeep(text)) throw replyInvalid(status, TOO_DEEP);
  try {
    return JSON.parse(text);
  } catch {
    throw replyInvalid(status, 'The zone sent a reply that is not valid JSON, so it could not be read.');
  }
}
