/**
 * Signing in to every signed-out zone of a group with one email and password: the zones go one at
 * a time, so a browser remembered at the first zone's code step can let the next ones in without
 * a code. The password lives only in the run's own call and is dropped when it ends.
 */
import { ref } from 'vue';
import type { MfaChallenge, ZoneView } from '@contract/commands';
import { toErrorData } from '../lib/errors';
import { logIn } from '../features/identity';

export type GroupRowState = 'waiting' | 'signing_in' | 'code' | 'signed_in' | 'skipped' | 'refused' | 'not_tried';

export interface GroupRow {
  zone: ZoneView;
  state: GroupRowState;
  /** Why a zone refused, or why its code step ended. */
  reason?: string;
}

/** Which group's sign-in dialog is open; the rail hosts the dialog, the menus open it. */
export const groupSignInFor = ref<string | null>(null);

/** A zone waiting at its code step: the dialog shows MfaStep for it and answers with `codeDone`. */
export interface OpenCode {
  zone: ZoneView;
  challenge: MfaChallenge;
}

export function useGroupSignIn() {
  const rows = ref<GroupRow[]>([]);
  const code = ref<OpenCode | null>(null);
  const running = ref(false);
  let answer: ((row: Pick<GroupRow, 'state' | 'reason'>) => void) | null = null;
  let cancelled = false;

  /** Waits for the person at this zone's code step; resolves with how the step ended. */
  function codeStep(zone: ZoneView, challenge: MfaChallenge): Promise<Pick<GroupRow, 'state' | 'reason'>> {
    code.value = { zone, challenge };
    return new Promise((resolve) => (answer = resolve));
  }

  /** The password is only this call's argument: nothing keeps it once the call returns. */
  async function run(zones: readonly ZoneView[], email: string, password: string): Promise<void> {
    cancelled = false;
    running.value = true;
    rows.value = zones.map((zone) => ({ zone, state: 'waiting' }));
    try {
      for (let i = 0; i < rows.value.length; i++) {
        const row = rows.value[i]!;
        if (cancelled) {
          row.state = 'not_tried';
          continue;
        }
        row.state = 'signing_in';
        try {
          const res = await logIn(row.zone.id, email, password);
          if (res.status === 'signed_in') row.state = 'signed_in';
          else {
            row.state = 'code';
            Object.assign(row, await codeStep(row.zone, res));
          }
        } catch (e) {
          row.state = 'refused';
          row.reason = toErrorData(e).message;
        }
      }
    } finally {
      code.value = null;
      answer = null;
      running.value = false;
    }
  }

  /** The open code step ended: signed in, or left (skipped, a different account, an expired code). */
  function codeDone(signedIn: boolean, reason?: string): void {
    const done = answer;
    answer = null;
    code.value = null;
    done?.(signedIn ? { state: 'signed_in' } : { state: 'skipped', ...(reason ? { reason } : {}) });
  }

  /** Stops after the zone in hand: the rest are listed as not tried and the password is dropped. */
  function cancel(): void {
    cancelled = true;
    if (answer) codeDone(false, 'closed before the code was entered');
  }

  function reset(): void {
    if (!running.value) rows.value = [];
  }

  return { rows, code, running, run, codeDone, cancel, reset };
}

/** The words for a row's state in the results list. */
export function rowWords(row: GroupRow): string {
  switch (row.state) {
    case 'waiting':
      return 'waiting';
    case 'signing_in':
      return 'signing in…';
    case 'code':
      return 'needs a code';
    case 'signed_in':
      return 'signed in';
    case 'skipped':
      return row.reason ? `needs a code — skipped (${row.reason})` : 'needs a code — skipped';
    case 'refused':
      return `refused: ${row.reason ?? 'no reason given'}`;
    case 'not_tried':
      return 'not tried';
  }
}
