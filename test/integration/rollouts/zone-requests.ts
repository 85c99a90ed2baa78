/**
 * Every API request a sandbox zone receives, kept by polling GET /_sandbox/requests (it keeps the
 * last 50 and a count): the new ones since the last poll are the count's difference. A poll that
 * finds more new ones than the zone keeps fails the test rather than guess.
 */
import type { RequestSeen } from '../../../src-main/sandbox/control/requests';
import { loopbackFetch } from '../../support/loopback-fetch';

export async function watchRequests(baseUrl: string, everyMs = 40) {
  const seen: RequestSeen[] = [];
  let count: number | undefined;
  let missed = 0;
  let stopped = false;

  async function poll(): Promise<void> {
    const now = (await (await loopbackFetch(`${baseUrl}/_sandbox/requests`)).json()) as {
      count: number;
      recent: RequestSeen[];
    };
    // Two polls may cross: the one that read the older count changes nothing.
    if (count !== undefined && now.count <= count) return;
    const fresh = count === undefined ? 0 : now.count - count;
    if (fresh > now.recent.length) missed += fresh - now.recent.length;
    if (fresh > 0) seen.push(...now.recent.slice(-fresh));
    count = now.count;
  }

  await poll();
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, everyMs));
      await poll();
    }
  })();

  return {
    /**
     * The writes (anything but GET) to workflows seen so far, as "METHOD /path" (a sign-in is no
     * write of a rollout); throws if a poll missed some.
     */
    async writes(): Promise<string[]> {
      await poll();
      if (missed) throw new Error(`${missed} requests went by between two polls`);
      return seen
        .filter((r) => r.method !== 'GET' && r.path.includes('/workflows'))
        .map((r) => `${r.method} ${r.path}`);
    },
    async stop(): Promise<void> {
      stopped = true;
      await loop;
    },
  };
}
