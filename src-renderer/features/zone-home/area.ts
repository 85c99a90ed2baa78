/** A zone's home page: first in the navigation, where a zone opens, and where its notices and bare links land. */
import type { AreaManifest } from '../../state/navigation';

export const ZONE_HOME_AREA: AreaManifest = {
  id: 'zone',
  title: 'Overview',
  about: 'The zone at a glance: health, session, what waits for you and what changed from here.',
  sections: [{ id: 'home', title: 'Overview', screen: () => import('./ZoneHomeView.vue') }],
};
