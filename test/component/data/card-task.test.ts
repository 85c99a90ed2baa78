/**
 * An identity card's task (useCardTask) runs through the app's action runner: its own words when it
 * worked or failed, nothing at all when the person declined at the protected-zone prompt, and the
 * reason when its pane's zone is down.
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
const { useCardTask } = await import('../../../src-renderer/features/identity/use-card-task');
const { providePaneZone } = await import('../../../src-renderer/data/pane-zone');
const { forgetHealth, noteHealth } = await import('../../../src-renderer/data/zone-health');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { freshPinia, mountApp } = await import('../support/mount-app');

enableAutoUnmount(afterEach);
let pinia: Pinia;
// Mounted as the app does, with the app's own zones (eu-1 shown): no wiring by hand.
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

type Task = ReturnType<typeof useCardTask>;

function inPane(zone: string): Task {
  let task!: Task;
  const Pane = defineComponent({
    setup() {
      providePaneZone(() => zone);
      return () => h(Inner);
    },
  });
  const Inner = defineComponent({
    setup() {
      task = useCardTask();
      return () => h('p', String(task.busy.value));
    },
  });
  mountApp(pinia, Pane);
  return task;
}

const toasts = () => [...document.querySelectorAll('.n-message')].map((m) => m.textContent ?? '');

describe('useCardTask', () => {
  it('says its own words when the task worked, and "Could not …" with the reason when it failed', async () => {
    const t = inPane('eu-1');
    let during = false;
    expect(
      await t.run('save the language', async () => {
        during = t.busy.value;
        return 'Language saved.';
      }),
    ).toBe(true);
    expect(during).toBe(true);
    expect(t.busy.value).toBe(false);
    expect(await t.run('forget the browser', () => Promise.reject(new Error('the zone said no')))).toBe(false);
    await flushPromises();
    expect(toasts()).toEqual(['Language saved.', 'Could not forget the browser: the zone said no']);
  });

  it('stays quiet when the person declined at the protected-zone prompt', async () => {
    const t = inPane('eu-1');
    const declined = new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'Cancelled' });
    expect(await t.run('sign out the session', () => Promise.reject(declined))).toBe(false);
    await flushPromises();
    expect(toasts()).toEqual([]);
  });

  it('runs nothing while its pane’s zone is down, and says why', async () => {
    noteHealth([up('eu-1'), down('us-1')]);
    const t = inPane('us-1');
    let ran = false;
    expect(
      await t.run('turn off the authenticator', async () => {
        ran = true;
        return 'Off.';
      }),
    ).toBe(false);
    await flushPromises();
    expect(ran).toBe(false);
    expect(toasts()).toEqual([
      'Could not turn off the authenticator: us-1 is unreachable: changes are held back until it answers again.',
    ]);
  });
});
