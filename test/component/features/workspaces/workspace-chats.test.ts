/**
 * A paged history (usePagedHistory) through the chats store: the newest page is polled so a chat
 * started elsewhere shows on top, older pages come by cursor as asked, one at a time, until the
 * zone has no more; a failed page keeps the rows and says why; another workspace starts afresh.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useChatHistory, CHAT_PAGE } =
  await import('../../../../src-renderer/features/workspaces/chats/workspace-chats');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

/** Each workspace's chats, newest first, as the zone holds them. */
const chats: Record<string, Raw[]> = {};
let failNext = false;
const chat = (seq: number, prompt = `question ${seq}`): Raw => ({ seq: String(seq), prompt, status: 'done' });

function answer(c: ScriptedCall): unknown {
  if (c.op !== 'workspaces.chats.list') return undefined;
  if (failNext) {
    failNext = false;
    throw new Error('The zone did not answer.');
  }
  const all = chats[c.opts.params!.id!]!;
  const before = c.opts.query?.before;
  const from = before === undefined ? 0 : all.findIndex((x) => x.seq === before) + 1;
  return all.slice(from, from + Number(c.opts.query?.limit));
}

const workspace = ref('w1');
let history!: ReturnType<typeof useChatHistory>;
const Screen = defineComponent({
  setup() {
    history = useChatHistory(() => ({ zone: 'eu-1', id: workspace.value }));
    return () => h('p', history.rows.length);
  },
});

enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.answer = answer;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  chats.w1 = Array.from({ length: 45 }, (_, i) => chat(45 - i));
  chats.w2 = [chat(3, 'other'), chat(2, 'other'), chat(1, 'other')];
  workspace.value = 'w1';
  failNext = false;
});
afterEach(() => resources.dropZone('eu-1'));

const seqs = () => history.rows.map((r) => Number(r.seq));
const pagesAsked = () =>
  scripted.calls.filter((c) => c.op === 'workspaces.chats.list').map((c) => c.opts.query?.before ?? 'head');

describe('a paged history (chats)', () => {
  it('shows the newest page, then older pages by cursor until the zone has no more', async () => {
    mount(Screen);
    await flushPromises();
    expect(seqs()).toEqual(Array.from({ length: CHAT_PAGE }, (_, i) => 45 - i));
    expect(history.done).toBe(false);
    await history.more();
    expect(seqs().at(-1)).toBe(6);
    await history.more();
    expect(seqs()).toHaveLength(45);
    expect(seqs().at(-1)).toBe(1);
    expect(history.done).toBe(true);
    const asked = pagesAsked().length;
    await history.more();
    expect(pagesAsked()).toHaveLength(asked);
    expect(pagesAsked()).toEqual(['head', '26', '6']);
  });

  it('asks for one older page at a time', async () => {
    mount(Screen);
    await flushPromises();
    await Promise.all([history.more(), history.more(), history.more()]);
    expect(pagesAsked()).toEqual(['head', '26']);
  });

  it('a chat started elsewhere shows on top at the next poll, keeping the older pages loaded', async () => {
    mount(Screen);
    await flushPromises();
    await history.more();
    chats.w1 = [chat(46, 'new one'), ...chats.w1!];
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seqs()[0]).toBe(46);
    expect(history.rows[0]!.prompt).toBe('new one');
    expect(seqs()).toHaveLength(41);
  });

  it('a failed older page keeps the rows and says why; asking again loads it', async () => {
    mount(Screen);
    await flushPromises();
    failNext = true;
    await history.more();
    expect(seqs()).toHaveLength(CHAT_PAGE);
    expect(history.error?.message).toBe('The zone did not answer.');
    expect(history.done).toBe(false);
    // The same cursor again: a retry, not a zone handing a cursor back (which would end the history).
    await history.more();
    expect(history.error).toBeNull();
    expect(seqs()).toHaveLength(2 * CHAT_PAGE);
    expect(pagesAsked()).toEqual(['head', '26', '26']);
  });

  it('another workspace starts from its own newest page', async () => {
    mount(Screen);
    await flushPromises();
    await history.more();
    workspace.value = 'w2';
    await flushPromises();
    expect(history.rows.map((r) => r.prompt)).toEqual(['other', 'other', 'other']);
    expect(history.done).toBe(true);
    workspace.value = 'w1';
    await flushPromises();
    // Back: the newest page again (kept by the cache), not the pages loaded before.
    expect(seqs()).toHaveLength(CHAT_PAGE);
  });
});
