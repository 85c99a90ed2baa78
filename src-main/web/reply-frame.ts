/**
 * The frame of a reply whose result carries a zone's JSON as bytes (a PassedJson, from api.call):
 * written around those bytes, not through JSON.stringify, and sent as a text frame without a
 * string ever made of it (issue #39). The page parses the same value it would have had.
 */
import type { Reply } from '../contract/protocol';
import { PassedJson } from '../agent/http/passed-json';

const TAIL = Buffer.from('}}');

/** The frame's bytes, or undefined for a reply that goes the usual way (serverMessageToWire). */
export function passedReplyFrame(id: number, reply: Reply): Buffer | undefined {
  if (!reply.ok || typeof reply.result !== 'object' || reply.result === null) return undefined;
  const { data, ...rest } = reply.result as { data?: unknown };
  if (!(data instanceof PassedJson)) return undefined;
  // The result's other fields (status, next page) as JSON, less its closing brace: data goes last.
  const fields = JSON.stringify(rest).slice(1, -1);
  const head = `{"t":"reply","id":${id},"ok":true,"result":{${fields}${fields ? ',' : ''}"data":`;
  return Buffer.concat([Buffer.from(head), data.bytes, TAIL]);
}
