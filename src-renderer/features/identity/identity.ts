/**
 * Identity per zone as resources: the security listing (remembered browsers, authenticator state,
 * locale) and which zones of this app share the account. What was read as one person is dropped
 * when the zone signs out or changes hands (data/zone-gate.ts). Secrets never live here.
 */
import type { SecurityView } from '@contract/commands-identity';
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';

export const securityResource = defineResource<SecurityView, string>({
  name: 'identity.security',
  zone: (zone) => zone,
  fetch: (zone, { signal }) => agent.invoke('identity.security', { zone }, { signal }),
});

/** Ids of the zones in this app signed in to the same account as `zone` (it included). */
export async function accountZones(zone: string): Promise<string[]> {
  return (await agent.invoke('identity.accountZones', { zone })).zones;
}

const accountZonesResource = defineResource<string[], string>({
  name: 'identity.accountZones',
  zone: (zone) => zone,
  fetch: (zone) => accountZones(zone),
});

/** The zone's security record while the screen shows it; null args (a machine sign-in) read nothing. */
export function useSecurity(zone: () => string | null): ResourceView<SecurityView> {
  return useResource(securityResource, zone);
}

export function useAccountZones(zone: () => string | null): ResourceView<string[]> {
  return useResource(accountZonesResource, zone);
}

/** The security record changed: screens showing it read it again. */
export function securityChanged(zone: string): void {
  resources.invalidate({ zone, name: securityResource.name });
}

/** Runs a change to the account and reads the security record again afterwards (also after a failure: the zone may have acted). */
export async function changingSecurity<T>(zone: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    securityChanged(zone);
  }
}
