/**
 * A mutation run from a screen: one at a time, its name while it runs, its failure in words, and
 * no screen reloads by hand: the store function it runs invalidates what it changed. Replaces the
 * per-form pending helper and the per-pane action helper.
 */
import { computed, ref } from 'vue';
import { AGENT_CODES, type AgentErrorData } from '@contract/errors';
import { errorWords, smallPrint, toErrorData } from '../lib/errors';
import { injectNotifier } from './notifier';
import { injectPaneZone } from './pane-zone';
import { refusalFor } from './zone-health';
import { injectZoneNaming } from './zone-naming';

export interface RunOptions {
  /** Rewords a known failure for this form. */
  explain?: (err: AgentErrorData) => AgentErrorData;
  /** Said as a toast after success (needs `toasts: true`). */
  done?: string | (() => string);
}

export interface ActionOptions {
  /** Failures (and `done`) as toasts instead of only in `error`, for panes without a form. */
  toasts?: boolean;
  /** The zone it acts on (default: its pane's, else the focused one): while that zone is unreachable, `run` refuses. */
  zone?: () => string | null | undefined;
}

export function useAction(opts: ActionOptions = {}) {
  const message = opts.toasts ? injectNotifier() : null;
  /** The name of the running action ('' when none); truthy while busy. */
  const busy = ref('');
  const error = ref<AgentErrorData | null>(null);
  /** Why actions are refused now ('' when they may run): a button's disabled state and tooltip. */
  const pane = injectPaneZone();
  const naming = injectZoneNaming();
  const blocked = computed(() => refusalFor(naming, opts.zone?.(), pane));

  /** Runs `work`; true when it succeeded. The failure is kept in `error` (and toasted). */
  async function run(name: string, work: () => Promise<unknown>, o: RunOptions = {}): Promise<boolean> {
    if (blocked.value) {
      error.value = { status: 0, code: AGENT_CODES.zoneUnreachable, message: blocked.value };
      message?.warning(blocked.value, { duration: 6000 });
      return false;
    }
    busy.value = name || 'busy';
    error.value = null;
    try {
      await work();
      if (message && o.done) message.success(typeof o.done === 'function' ? o.done() : o.done);
      return true;
    } catch (e) {
      const data = toErrorData(e);
      // Declined at the protected-zone guard: nothing was sent, and the person knows why.
      if (data.code === AGENT_CODES.cancelled) return false;
      const err = (o.explain ?? ((x: AgentErrorData) => x))(data);
      error.value = err;
      message?.error(`${errorWords(err)} (${smallPrint(err)})`, { duration: 8000 });
      return false;
    } finally {
      busy.value = '';
    }
  }

  return { busy, error, run, blocked };
}
