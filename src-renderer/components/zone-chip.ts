/**
 * The zone as a chip in its colour (and a lock when protected), for dialogs built with `h()`:
 * every confirmation states the zone it acts on this way, so a glance tells eu-1 from us-1.
 */
import { h, type VNode } from 'vue';
import Icon from './Icon.vue';

export interface ChipZone {
  name: string;
  color: string;
  protected?: boolean;
}

export function zoneChip(zone: ChipZone): VNode {
  return h(
    'span',
    {
      class: 'zd-zone-chip',
      'data-zone-chip': zone.name,
      title: zone.protected ? `${zone.name} (protected zone)` : zone.name,
      style: {
        display: 'inline-flex',
        alignItems: 'center',
        gap: '4px',
        verticalAlign: '1px',
        margin: '0 1px',
        padding: '0 7px',
        borderRadius: '9px',
        background: zone.color,
        color: '#fff',
        fontWeight: 600,
        fontSize: '12px',
        lineHeight: '18px',
        whiteSpace: 'nowrap',
        textShadow: '0 1px 1px rgba(0, 0, 0, 0.2)',
      },
    },
    [zone.protected ? h(Icon, { name: 'lock', size: 12, label: 'protected' }) : null, zone.name],
  );
}
