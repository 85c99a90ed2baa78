/** The choice a record's details pane offers (components/SegmentedToggle.vue): its fields, or the raw JSON. */
import type { IconName } from './Icon.vue';

export const FIELDS_OR_RAW: { value: boolean; text: string; icon?: IconName }[] = [
  { value: false, text: 'Fields' },
  { value: true, text: 'Raw JSON', icon: 'code' },
];
