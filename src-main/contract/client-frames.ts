/**
 * The schema of a frame a client sends to a host (the browser host's WebSocket, the CLI's socket),
 * checked before anything reaches the agent: the text's size and nesting are bounded before it is
 * parsed, then every field of the message is checked. What does not pass is a typed error, with the
 * frame's id when it had a usable one, so the sender is answered, never left waiting.
 */
import type { ClientMessage } from './protocol';
import { AGENT_CODES, type AgentErrorData } from './errors';

/** Deeper than any command's input may be (agent: MAX_INPUT_DEPTH) plus the frame around it. */
export const MAX_FRAME_DEPTH = 80;

/**
 * Whether JSON text nests arrays or objects more than `max` deep: one pass over the text, so a
 * frame 10^5 levels deep is refused before the parser builds it.
 */
export function jsonTextDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export type FrameRead<T> = { ok: true; msg: T } | { ok: false; id?: number; error: AgentErrorData };

const refused = (message: string, id?: number): FrameRead<never> => ({
  ok: false,
  ...(id !== undefined ? { id } : {}),
  error: { status: 0, code: AGENT_CODES.validation, message },
});

const isId = (v: unknown): v is number => Number.isSafeInteger(v);

/** A message of the renderer's protocol (contract/protocol.ts), or why not. */
export function checkClientMessage(o: Record<string, unknown>): FrameRead<ClientMessage> {
  const id = isId(o.id) ? o.id : undefined;
  if (o.t === 'invoke') {
    if (id === undefined) return refused('An invoke needs a whole-number id.');
    if (typeof o.command !== 'string') return refused('An invoke needs a command name (a string).', id);
    return { ok: true, msg: { t: 'invoke', id, command: o.command, input: o.input } };
  }
  if (o.t === 'cancel') {
    if (id === undefined) return refused('A cancel needs the whole-number id of the call.');
    return { ok: true, msg: { t: 'cancel', id } };
  }
  if (o.t === 'stream') {
    const sid = o.sid;
    if (typeof sid !== 'string' || !sid) return refused('A stream message needs its stream id.');
    if (o.kind === 'data' && typeof o.data === 'string')
      return { ok: true, msg: { t: 'stream', sid, kind: 'data', data: o.data } };
    if (o.kind === 'resize' && isSize(o.cols) && isSize(o.rows))
      return { ok: true, msg: { t: 'stream', sid, kind: 'resize', cols: o.cols, rows: o.rows } };
    if (o.kind === 'ack' && typeof o.bytes === 'number' && Number.isFinite(o.bytes) && o.bytes >= 0)
      return { ok: true, msg: { t: 'stream', sid, kind: 'ack', bytes: o.bytes } };
    if (o.kind === 'close') return { ok: true, msg: { t: 'stream', sid, kind: 'close' } };
    return refused('A stream message is data (a string), resize (cols and rows), ack (bytes) or close.');
  }
  return refused('Not a message of this socket.', id);
}

/** A terminal's columns or rows: what a pty takes (16 bits). */
const isSize = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffff;

/**
 * The id of a frame refused unparsed, when it leads the frame as every client writes it
 * (`{"t":"invoke","id":7,…`): read from the text before its first nested value, so the call is
 * still answered by its id. (A string that fakes an id only misdirects that frame's own refusal.)
 */
function leadingId(text: string): number | undefined {
  const head = text.slice(0, 256);
  const nested = head.slice(1).search(/[[{]/);
  const m = /(?:^\{|,)\s*"id"\s*:\s*(\d{1,15})\s*[,}]/.exec(nested < 0 ? head : head.slice(0, nested + 1));
  return m ? Number(m[1]) : undefined;
}

/**
 * One frame's text, bounded (size, then depth) before it is parsed, then an object with a `t`.
 * `check` says whether its fields are those of a message of the socket.
 */
export function readFrame<T>(
  text: string,
  maxChars: number,
  check: (o: Record<string, unknown>) => FrameRead<T>,
): FrameRead<T> {
  if (text.length > maxChars) return refused(`A message may be at most ${maxChars} characters.`, leadingId(text));
  if (jsonTextDeeperThan(text, MAX_FRAME_DEPTH))
    return refused(`A message may nest at most ${MAX_FRAME_DEPTH} levels.`, leadingId(text));
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return refused('A message must be JSON.');
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return refused('A message must be a JSON object.');
  return check(m as Record<string, unknown>);
}
