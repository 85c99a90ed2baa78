/**
 * The zone menu, shared by the rail's context menu and the header's "Zone actions" button, so
 * both offer the same things and removal always asks, naming the zone. What was read from a zone
 * is forgotten by the resource layer's zone gate when it signs out or is removed. Protecting a
 * zone is one click; removing the protection asks for the zone's name, like any change there.
 */
import { h, type VNode } from 'vue';
import { type DropdownOption } from 'naive-ui';
import { useDialog, useMessage } from '../composables/feedback';
import type { ZoneView } from '@contract/commands';
import { useZonesStore } from '../state/zones';
import { useUiStore } from '../state/ui';
import { useConfirmDanger } from '../components/confirm-danger';
import { zoneChip } from '../components/zone-chip';
import { usePanesStore } from '../state/panes';
import { openInSplit } from './pane-commands';
import { moveToGroupOption, useMoveToGroup } from './zone-group-move';
import { zoneInWords } from '../lib/zone-health-words';

/** A zone question's body: what it does, then in muted words what it leaves alone or is for. */
const questionBody = (what: string | (string | VNode)[], aside: string) => () =>
  h('div', [h('p', { style: 'margin:0 0 6px' }, what), h('p', { style: 'margin:0', class: 'zd-muted' }, aside)]);

export function useZoneActions() {
  const zones = useZonesStore();
  const ui = useUiStore();
  const dialog = useDialog();
  const message = useMessage();
  const { confirm } = useConfirmDanger();
  const panes = usePanesStore();
  const moveToGroup = useMoveToGroup();

  function options(zone: ZoneView): DropdownOption[] {
    const signedIn = zone.session.state !== 'signed_out';
    const items: DropdownOption[] = [
      { key: 'split', label: 'Open in split', disabled: panes.full },
      { type: 'divider', key: 'd0' },
      { key: 'rename', label: 'Rename…' },
      { key: 'recolour', label: 'Change colour…' },
      { key: 'edit', label: 'Edit address and certificate…' },
      { key: 'reads', label: 'How Zonedeck reads this zone…' },
      zone.protected
        ? { key: 'unprotect', label: 'Remove protection…' }
        : { key: 'protect', label: 'Mark as protected…' },
      moveToGroupOption(zone, zones.groups),
      { type: 'divider', key: 'd1' },
      ...(signedIn ? [{ key: 'signout', label: `Sign out of ${zone.name}` }] : []),
      { key: 'remove', label: `Remove ${zone.name}…` },
    ];
    // Naive UI's options carry no role; menu items are what assistive technology (and tests) look for.
    return items.map((o) => (o.type === 'divider' ? o : { ...o, props: { role: 'menuitem' } }));
  }

  function confirmRemove(zone: ZoneView): void {
    const d = dialog.warning({
      title: `Remove zone “${zone.name}”?`,
      content: questionBody(
        ['Zonedeck forgets ', zoneChip(zone), ` (${zone.baseUrl}) and signs out of it on this computer.`],
        'Nothing in the zone itself is deleted; you can add it again later.',
      ),
      positiveText: `Remove ${zone.name}`,
      negativeText: 'Cancel',
      autoFocus: false,
      onPositiveClick: async () => {
        d.loading = true;
        try {
          await zones.remove(zone.id);
          message.success(`Removed ${zoneInWords(zone.name)}`);
        } catch (e) {
          message.error(`Could not remove ${zoneInWords(zone.name)}: ${e instanceof Error ? e.message : String(e)}`);
          return false;
        }
        return true;
      },
    });
  }

  async function setProtected(zone: ZoneView, on: boolean): Promise<boolean> {
    try {
      await zones.update({ id: zone.id, protected: on });
      message.success(
        on ? `${zoneInWords(zone.name, true)} is protected` : `${zoneInWords(zone.name, true)} is no longer protected`,
      );
      return true;
    } catch (e) {
      message.error(`Could not change ${zoneInWords(zone.name)}: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  }

  function confirmProtect(zone: ZoneView): void {
    dialog.info({
      title: () => h('span', ['Protect ', zoneChip({ ...zone, protected: true }), '?']),
      content: questionBody(
        `Every change in ${zone.name} (stopping, deleting, deploying, renaming …) will ask for the zone’s name to be typed before it is sent. Reading never asks.`,
        'For production zones: a change meant for another zone cannot slip through.',
      ),
      positiveText: `Protect ${zone.name}`,
      negativeText: 'Cancel',
      autoFocus: false,
      onPositiveClick: () => setProtected(zone, true),
    });
  }

  async function confirmUnprotect(zone: ZoneView): Promise<void> {
    const ok = await confirm({
      zone: zone.name,
      zoneId: zone.id,
      kind: 'zone',
      name: zone.name,
      action: 'Remove protection',
      what: 'Remove the protection of',
      button: `Remove protection`,
      detail: `Changes in ${zone.name} will no longer ask for its name.`,
      typeToConfirm: true,
    });
    if (ok) await setProtected(zone, false);
  }

  async function run(key: string | number, zone: ZoneView): Promise<void> {
    if (await moveToGroup(key, zone)) return;
    switch (key) {
      case 'split':
        openInSplit({ kind: 'zone', zone: zone.id });
        break;
      case 'rename':
      case 'recolour':
      case 'edit':
        ui.zoneDialog = { mode: 'edit', zoneId: zone.id };
        break;
      case 'reads':
        ui.zoneDialog = { mode: 'edit', zoneId: zone.id, section: 'reads' };
        break;
      case 'signout':
        try {
          await zones.signOut(zone.id);
          message.info(`Signed out of ${zoneInWords(zone.name)}`);
        } catch (e) {
          message.error(`Sign-out failed: ${e instanceof Error ? e.message : String(e)}`);
        }
        break;
      case 'remove':
        confirmRemove(zone);
        break;
      case 'protect':
        confirmProtect(zone);
        break;
      case 'unprotect':
        await confirmUnprotect(zone);
        break;
    }
  }

  return { options, run };
}
