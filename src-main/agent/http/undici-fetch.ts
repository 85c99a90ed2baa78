/**
 * undici's fetch, alone: only the streams that read a WHATWG body (a zone's event stream) and the
 * sandbox's control API use it, so a host that never opens one never compiles it (undici-core.ts).
 */
import type { fetch as fetchType } from 'undici';
import { fetch as fetchImpl } from 'undici/lib/web/fetch/index.js';

export const fetch = fetchImpl as typeof fetchType;
