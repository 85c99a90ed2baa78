/** Backoff for sources that survive a dropped connection: 0.5 s, 1 s, 2 s, 4 s, 8 s, then give up. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;

export function reconnectDelay(attempt: number): number | undefined {
  return RECONNECT_DELAYS_MS[attempt];
}
