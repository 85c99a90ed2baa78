/**
 * What an infra screen (clusters, public IPs, VPN gateways) holds besides its template: the
 * list-screen kit over the infra store's list, the action runner that toasts, and delete as
 * confirm (the name typed) → run → close the details. InfraScreen.vue draws it, given it whole.
 */
import type { ZoneView } from '@contract/commands';
import { useListScreen } from '../../composables/use-list-screen';
import { useAction } from '../../data';
import { useInfraList, type InfraResource, type InfraRow } from './infra';
import { INFRA_WORDS } from './infra-words';

export function useInfraScreen(
  what: InfraResource,
  zone: () => ZoneView,
  o: { opens?: { area: string; section: string } } = {},
) {
  const words = INFRA_WORDS[what];
  const list = useInfraList(what, () => zone().id);
  const screen = useListScreen<InfraRow>({
    zone: () => zone().id,
    rows: () => list.state.data,
    ...(o.opens ? { opens: o.opens } : {}),
  });
  const { busy, run } = useAction({ toasts: true });

  /** Asks for the name typed (`detail` says what is lost), runs `work`, and closes r's details. */
  async function remove(r: InfraRow, detail: string, work: () => Promise<unknown>): Promise<void> {
    const ask = { zone: zone().name, kind: words.kind, name: r.name, action: 'Delete', typeToConfirm: true, detail };
    await screen.confirmRun(ask, () => run('delete', work, { done: `Deleted ${r.name}.` }), r);
  }

  return { ...screen, list, words, zone, busy, run, remove };
}

export type InfraScreenState = ReturnType<typeof useInfraScreen>;
