/** A record's state as a small round tag in its tone (settled, in progress, failed, neutral); "unknown" when absent. */
import { h } from 'vue';
import { NTag } from 'naive-ui';
import { stateTone } from '../lib/tolerant';

export function stateTag(state: string | undefined) {
  if (!state) return h('span', { class: 'zd-muted' }, 'unknown');
  return h(NTag, { size: 'small', type: stateTone(state), bordered: false, round: true }, { default: () => state });
}
