/** Zone health records as the agent reports them, for component tests. */
import type { ZoneHealth } from '@contract/commands';

export function up(zone: string): ZoneHealth {
  return {
    zone,
    state: 'reachable',
    latencyMs: 12,
    lastError: null,
    lastErrorAt: null,
    lastOkAt: Date.UTC(2026, 0, 1, 12, 3),
    downSince: null,
    nextProbeAt: null,
  };
}

export function down(zone: string, lastError = 'connect ECONNREFUSED'): ZoneHealth {
  return {
    ...up(zone),
    state: 'unreachable',
    lastError,
    lastErrorAt: Date.UTC(2026, 0, 1, 12, 4),
    downSince: Date.UTC(2026, 0, 1, 12, 4),
    nextProbeAt: Date.UTC(2026, 0, 1, 12, 5),
  };
}
