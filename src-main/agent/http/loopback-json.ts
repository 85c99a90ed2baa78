/** GET a JSON document from a loopback address (the in-agent sandbox's control API). */
import type { Agent } from 'undici';
import { undici, undiciFetch } from './undici-lazy';
import { errorFromResponse } from './error-map';
import { localhostLookup } from './localhost-lookup';
import { BodyTooLarge, MAX_JSON_REPLY_BYTES, parseJsonReply, readBounded, replyTooLarge } from './reply-bounds';

let dispatcher: Agent | undefined;

export async function loopbackJson(url: URL): Promise<unknown> {
  const { Agent } = await undici();
  const fetch = await undiciFetch();
  dispatcher ??= new Agent({ connect: { lookup: localhostLookup } });
  const res = await fetch(url, { dispatcher, signal: AbortSignal.timeout(5000) });
  const text = await readBounded(res, MAX_JSON_REPLY_BYTES).catch((e: unknown) => {
    throw e instanceof BodyTooLarge ? replyTooLarge(res.status, e.limit) : e;
  });
  if (!res.ok) throw errorFromResponse(res.status, text, res.headers.get('content-type'));
  return text ? parseJsonReply(text, res.status) : null;
}
