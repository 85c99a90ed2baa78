/**
 * Asks before sending a plugin or theme install the zone will refuse, so the person learns why
 * before the round trip (and can still send it, e.g. to see the zone's own answer).
 */
import { h } from 'vue';
import { useDialog } from '../../../composables/feedback';
import { answerOnce } from '../../../components/answered-dialog';
import { INSTALL_REASON } from './cms-install-warning';

export function useConfirmInstall() {
  const dialog = useDialog();
  /** `lines`: the install commands as typed. Resolves true only on "Send anyway". */
  return (lines: string[]): Promise<boolean> =>
    new Promise((resolve) => {
      const { cls, answer: settle } = answerOnce(resolve);
      dialog.warning({
        title:
          lines.length === 1
            ? 'Send an install the zone will refuse?'
            : `Send ${lines.length} installs the zone will refuse?`,
        class: `zd-confirm-dialog ${cls}`,
        style: { width: '520px' },
        positiveText: 'Send anyway',
        negativeText: 'Cancel',
        content: () =>
          h('div', [
            h(
              'ul',
              { style: 'margin:0 0 8px;padding-left:18px' },
              lines.map((l) => h('li', h('code', { class: 'zd-mono' }, l))),
            ),
            h('p', { style: 'margin:0' }, `Installing plugin or theme code this way is not allowed. ${INSTALL_REASON}`),
          ]),
        onPositiveClick: () => settle(true),
        onNegativeClick: () => settle(false),
        onClose: () => settle(false),
        onMaskClick: () => settle(false),
        onAfterLeave: () => settle(false),
      });
    });
}
