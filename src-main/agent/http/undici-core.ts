/**
 * The part of undici the agent's calls need: a keep-alive Pool (its dispatch is every JSON call),
 * an Agent, and `request` for downloads. Taken from undici's own files, not its index: the index
 * also loads fetch, the mocks, the caches, the interceptors and the WebSocket client, ~55 % of its
 * compile (~75 → ~35 ms here), which a host paid in its first moments (#39). Fetch, for the few
 * streams that read a WHATWG body, loads on its own (undici-fetch.ts). Pinned by the lockfile;
 * test/unit/agent/http/undici-lazy.test.ts fails if these files move.
 */
import type { Agent as AgentType, Dispatcher, Pool as PoolType } from 'undici';
import PoolImpl from 'undici/lib/dispatcher/pool.js';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import requestImpl from 'undici/lib/api/api-request.js';

export const Pool = PoolImpl as typeof PoolType;
export const Agent = AgentImpl as typeof AgentType;

/** undici's `request` on a given dispatcher (the index's `request(url, { dispatcher })`, without its URL parsing). */
export function request(dispatcher: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  return (requestImpl as (this: Dispatcher, o: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>).call(
    dispatcher,
    options,
  );
}
