/**
 * A screen's action (useAction) in a mounted component: refused with a reason while its pane's
 * zone is down (not the focused one's), one name while it runs, a failure kept in words (and
 * toasted for panes without a form), a refusal at the protected-zone guard kept quiet, and what
 * it changed read again afterwards — after a failure too, since the zone may have acted partly.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { NMessageProvider } from 'naive-ui';
import { AGENT_CODES, AgentError } from '@contract/errors';
import { useAction } from '../../../src-renderer/data/use-action';
import { providePaneZone } from '../../../src-renderer/data/pane-zone';
import { forgetHealth, noteHealth, setZoneNaming } from '../../../src-renderer/data/zone-health';
import { down, up } from '../support/zone-health';

setZoneNaming(
  (z) => z,
  () => 'eu-1',
);
enableAutoUnmount(afterEach);
afterEach(() => {
  forgetHealth('eu-1');
  forgetHealth('us-1');
  document.body.innerHTML = '';
});

type Action = ReturnType<typeof useAction>;

/** Mounts useAction in a pane of `zone`, under the message provider as AppRoot has it. */
function inPane(zone: string, opts: Parameters<typeof useAction>[0] = {}): Action {
  let action!: Action;
  const Pane = defineComponent({
    setup() {
      providePaneZone(() => zone);
      return () => h(Inner);
    },
  });
  const Inner = defineComponent({
    setup() {
      action = useAction(opts);
      return () => h('p', action.busy.value);
    },
  });
  mount(() => h(NMessageProvider, null, () => h(Pane)), { attachTo: document.body });
  return action;
}

const toasts = () => [...document.querySelectorAll('.n-message')].map((m) => m.textContent ?? '');

describe('useAction', () => {
  it('refuses to run while its pane’s zone is down, with the reason, and runs nothing', async () => {
    noteHealth([up('eu-1'), down('us-1')]);
    const a = inPane('us-1', { toasts: true });
    let ran = false;
    expect(a.blocked.value).toBe('us-1 is unreachable: changes are held back until it answers again.');
    expect(
      await a.run('Stop', async () => {
        ran = true;
      }),
    ).toBe(false);
    expect(ran).toBe(false);
    expect(a.error.value).toMatchObject({ code: AGENT_CODES.zoneUnreachable });
    await flushPromises();
    expect(toasts().join()).toContain('us-1 is unreachable');
    // The focused zone (eu-1) is up: a pane on it may act.
    expect(inPane('eu-1').blocked.value).toBe('');
    noteHealth([up('us-1')]);
    expect(a.blocked.value).toBe('');
  });

  it('says what runs while it runs, then clears', async () => {
    const a = inPane('eu-1');
    let finish!: () => void;
    const done = a.run('Restarting', () => new Promise<void>((r) => (finish = r)));
    expect(a.busy.value).toBe('Restarting');
    finish();
    expect(await done).toBe(true);
    expect(a.busy.value).toBe('');
    expect(a.error.value).toBeNull();
  });

  it('keeps a failure in words (reworded by `explain`) and toasts it; a guard refusal stays quiet', async () => {
    const a = inPane('eu-1', { toasts: true });
    const refused = new AgentError({ status: 409, code: 'conflict', message: 'The container is busy.' });
    expect(
      await a.run('Stop', () => Promise.reject(refused), {
        explain: (e) => ({ ...e, message: `Stop refused: ${e.message}` }),
      }),
    ).toBe(false);
    expect(a.error.value).toMatchObject({ code: 'conflict', message: 'Stop refused: The container is busy.' });
    await flushPromises();
    expect(toasts().join()).toContain('Stop refused: The container is busy.');

    document.body.querySelectorAll('.n-message').forEach((m) => m.remove());
    const cancelled = new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'Nothing was sent.' });
    expect(await a.run('Stop', () => Promise.reject(cancelled))).toBe(false);
    await flushPromises();
    expect(toasts()).toEqual([]);
  });

  it('says `done` as a toast after success', async () => {
    const a = inPane('eu-1', { toasts: true });
    await a.run('Stop', async () => undefined, { done: () => 'web-1 stopped.' });
    await flushPromises();
    expect(toasts().join()).toContain('web-1 stopped.');
  });
});
