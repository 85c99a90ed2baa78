/**
 * A zone group's own menu (right-click or Shift+F10 on its header in the rail): sign in to every
 * signed-out zone of it at once, or sign the whole group out.
 */
import { type DropdownOption } from 'naive-ui';
import { useMessage } from '../composables/feedback';
import { useZonesStore } from '../state/zones';
import { zonesOf } from '../lib/zone-groups';
import { groupSignInFor } from './group-sign-in';

export function useGroupActions() {
  const zones = useZonesStore();
  const message = useMessage();

  function options(group: string): DropdownOption[] {
    const members = zonesOf(zones.list, group);
    const anyOut = members.some((z) => z.session.state === 'signed_out');
    const anyIn = members.some((z) => z.session.state !== 'signed_out');
    return [
      { key: 'signin', label: `Sign in to all zones of ${group}…`, disabled: !anyOut },
      { key: 'signout', label: `Sign out of ${group}`, disabled: !anyIn },
    ];
  }

  async function signOut(group: string): Promise<void> {
    const { signedOut, failed } = await zones.signOutGroup(group);
    if (failed.length)
      message.error(`Could not sign out of ${failed.map(([name, why]) => `${name} (${why})`).join(', ')}`);
    if (signedOut.length) message.info(`Signed out of ${group}: ${signedOut.join(', ')}`);
  }

  async function run(key: string | number, group: string): Promise<void> {
    if (key === 'signin') groupSignInFor.value = group;
    else if (key === 'signout') await signOut(group);
  }

  return { options, run };
}
