/**
 * The shell's half of the protected-zone guard: the zones store says which zones are protected,
 * and the typed confirmation (confirm-danger, which asks for the zone's name there) is the dialog.
 * Installed once, under the dialog provider, for the window's lifetime.
 */
import { onBeforeUnmount } from 'vue';
import { useConfirmDanger } from '../components/confirm-danger';
import { installProtectedGuard } from '../data/protected-guard';
import { useZonesStore } from '../state/zones';

export function useProtectedGuard(): void {
  const zones = useZonesStore();
  const { confirm } = useConfirmDanger();
  const remove = installProtectedGuard({
    isProtected: (id) => zones.byId.get(id)?.protected === true,
    ask: async (call) => {
      const zone = zones.byId.get(call.zone);
      if (!zone) return false;
      if (call.operation.endsWith('.console'))
        return confirm({
          zone: zone.name,
          zoneId: zone.id,
          kind: 'console',
          name: call.target ?? '',
          action: 'Open',
          what: 'Open a console in',
          button: 'Open the console',
          detail: `What you type in this console runs on ${call.target ?? 'the machine'} in ${zone.name}, a protected zone.`,
        });
      const what = call.summary ?? call.operation;
      return confirm({
        zone: zone.name,
        zoneId: zone.id,
        kind: 'change',
        name: what,
        action: 'Send',
        what: `Send “${what}” to`,
        button: 'Send the change',
        detail: `This sends ${call.operation}${call.target ? ` for ${call.target}` : ''} to ${zone.name}. Every change there asks for the zone’s name first.`,
      });
    },
  });
  onBeforeUnmount(remove);
}
