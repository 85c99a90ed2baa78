/** fetch for tests: a real HTTP client whose DNS sends *.localhost to 127.0.0.1. */
import { Agent, fetch as undiciFetch } from 'undici';
import { localhostLookup } from '../../src-main/agent/http/localhost-lookup';

const dispatcher = new Agent({ connect: { lookup: localhostLookup } });

export function loopbackFetch(url: string | URL, init: Parameters<typeof undiciFetch>[1] = {}) {
  return undiciFetch(url, { ...init, dispatcher });
}
