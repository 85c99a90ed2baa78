/**
 * Counts the API requests each zone received (control calls not included), so a test can prove
 * that the client stayed quiet — e.g. that nothing polls while its window is hidden.
 */
export interface RequestSeen {
  method: string;
  path: string;
  at: string;
}

const KEEP = 50;

export function createRequestLog(now: () => number) {
  const byZone = new Map<string, { count: number; recent: RequestSeen[] }>();
  return {
    note(zone: string, method: string, path: string): void {
      let z = byZone.get(zone);
      if (!z) byZone.set(zone, (z = { count: 0, recent: [] }));
      z.count++;
      z.recent.push({ method, path, at: new Date(now()).toISOString() });
      if (z.recent.length > KEEP) z.recent.shift();
    },
    /** `{count, recent}`: requests since start, and the last 50 (oldest first). */
    of(zone: string): { count: number; recent: RequestSeen[] } {
      const z = byZone.get(zone);
      return { count: z?.count ?? 0, recent: [...(z?.recent ?? [])] };
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
