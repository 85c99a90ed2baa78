/** Zones and sessions as the agent lists them, for component tests. */
import type { SessionView, ZoneView } from '@contract/commands';

export const signedIn = (email = 'dev@example.com'): SessionView => ({ state: 'signed_in', kind: 'user', email });
export const signedOut: SessionView = { state: 'signed_out' };

export function zone(id: string, session: SessionView = signedIn(), extra: Partial<ZoneView> = {}): ZoneView {
  return {
    id,
    name: id,
    baseUrl: `https://${id}.example.com`,
    color: '#3b82f6',
    sandbox: false,
    protected: false,
    session,
    ...extra,
  };
}
