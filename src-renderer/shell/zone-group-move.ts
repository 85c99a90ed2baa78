/**
 * "Move to group" in the zone menu: a submenu of the groups in use, "New group…" (the zone's
 * form, where the Group field takes a new name) and "Remove from <group>".
 */
import { type DropdownOption } from 'naive-ui';
import { useMessage } from '../composables/feedback';
import type { ZoneView } from '@contract/commands';
import { useZonesStore } from '../state/zones';
import { useUiStore } from '../state/ui';

const TO = 'group-to:';
const NEW = 'group-new';
const OUT = 'group-out';

export function moveToGroupOption(zone: ZoneView, groups: readonly string[]): DropdownOption {
  const others = groups.filter((g) => g !== zone.group);
  return {
    key: 'group',
    label: 'Move to group',
    children: [
      ...others.map((g) => ({ key: `${TO}${g}`, label: g })),
      ...(others.length ? [{ type: 'divider', key: 'group-d' }] : []),
      { key: NEW, label: 'New group…' },
      ...(zone.group ? [{ key: OUT, label: `Remove from ${zone.group}` }] : []),
    ],
  };
}

/** Returns a runner that handles the submenu's keys (true) and leaves every other key alone (false). */
export function useMoveToGroup(): (key: string | number, zone: ZoneView) => Promise<boolean> {
  const zones = useZonesStore();
  const ui = useUiStore();
  const message = useMessage();

  async function set(zone: ZoneView, group: string | null): Promise<void> {
    try {
      await zones.update({ id: zone.id, group });
      message.success(group ? `${zone.name} is in ${group}` : `${zone.name} is in no group`);
    } catch (e) {
      message.error(`Could not move ${zone.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  return async (key, zone) => {
    const k = String(key);
    if (k === NEW) ui.zoneDialog = { mode: 'edit', zoneId: zone.id };
    else if (k === OUT) await set(zone, null);
    else if (k.startsWith(TO)) await set(zone, k.slice(TO.length));
    else return false;
    return true;
  };
}
