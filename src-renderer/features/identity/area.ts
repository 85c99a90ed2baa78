/** Identity's manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const IDENTITY_AREA: AreaManifest = {
  id: 'identity',
  title: 'Identity',
  about: 'Your account, authenticator, remembered browsers, sessions and API clients for machine access.',
  sections: [
    { id: 'account', title: 'Account', screen: () => import('./SettingsView.vue'), props: { page: 'account' } },
    { id: 'security', title: 'Security', screen: () => import('./SettingsView.vue'), props: { page: 'security' } },
    { id: 'api-clients', title: 'API clients', screen: () => import('./ApiClientsView.vue') },
  ],
};
