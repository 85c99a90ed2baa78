/**
 * A screen's action (useAction) in a mounted component: refused with a reason while its pane's
 * zone is down (not the focused one's), one name while it runs, a failure kept in words (and
 * toasted for panes without a form), a refusal at the protected-zone guard kept quiet, and what
 * it changed read again afterwards — after a failure too, since the zone may have acted partly.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { AGENT_CODES, AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { down, up } from '../support/zone-health';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useAction } = await import('../../../src-renderer/data/use-action');
const { providePaneZone } = await import('../../../src-renderer/data/pane-zone');
const { forgetHealth, noteHealth } = await import('../../../src-renderer/data/zone-health');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { freshPinia, mountApp } = await import('../support/mount-app');
enableAutoUnmount(afterEach);
let pinia: Pinia;
// The app's own zones: eu-1 (shown, as the first) and us-1.
beforeEach(async () => {
  localStorage.clear();
  pinia = freshPinia();
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1'), zone('us-1')] : []);
  await useZonesStore().load();
});
afterEach(() => {
  forgetHealth('eu-1');
  forgetHealth('us-1');
  document.body.innerHTML = '';
});

type Action = ReturnType<typeof useAction>;

/** Mounts useAction in a pane of `zone`, as the app does. */
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
  mountApp(pinia, Pane);
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
