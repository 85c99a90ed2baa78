/** The journal's screen (see views/screens.ts): all zones › Changes from this machine. */
import type { ScreenTable } from '../../views/screens';

export const JOURNAL_SCREENS: ScreenTable = {
  'all-zones/changes': () => import('./JournalView.vue'),
};
