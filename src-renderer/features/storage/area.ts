/** Storage's manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const STORAGE_AREA: AreaManifest = {
  id: 'storage',
  title: 'Storage',
  about: 'Disks, their snapshots and restores, and moving a disk to another host.',
  sections: [{ id: 'disks', title: 'Disks', screen: () => import('./DisksView.vue') }],
};
