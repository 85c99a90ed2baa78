/** The tenant's limits in a zone as a resource: read when the Limits screen shows, and on Refresh. */
import type { LimitsRecord } from '@contract/records';
import { agent } from '../../agent';
import { defineResource, useResource, type ResourceView } from '../../data';

const limitsResource = defineResource<LimitsRecord, string>({
  name: 'limits.get',
  zone: (zone) => zone,
  fetch: (zone, { signal }) => agent.call(zone, 'limits.get', { signal }),
});

export function useLimits(zone: () => string | null): ResourceView<LimitsRecord> {
  return useResource(limitsResource, zone);
}
