/**
 * Open consoles are tabs of the pane they were opened in: the same console opened twice in a pane
 * is one tab, two panes keep their own, closing the shown tab shows its left neighbour, and a
 * closed pane's consoles go with it.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useConsolesStore } = await import('../../../src-renderer/state/consoles');

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

const tab = (pane: string, id: string) => ({ pane, zone: 'eu-1', kind: 'containers' as const, id, name: id });

describe('console tabs', () => {
  it('opens a console once per pane and shows it; another pane keeps its own tab', () => {
    const c = useConsolesStore();
    c.open(tab('p1', 'web'));
    c.open(tab('p1', 'db'));
    c.open(tab('p1', 'web'));
    c.open(tab('p2', 'web'));
    expect(c.tabsOf('p1').map((t) => t.id)).toEqual(['web', 'db']);
    expect(c.tabsOf('p2').map((t) => t.id)).toEqual(['web']);
    expect(c.active.p1).toBe(c.tabsOf('p1')[0]!.key);
    expect(c.active.p2).toBe(c.tabsOf('p2')[0]!.key);
    expect(c.tabsOf('p1')[0]!.key).not.toBe(c.tabsOf('p2')[0]!.key);
  });

  it('closing the shown tab shows its left neighbour (the first when it was first); closing another keeps the shown one', () => {
    const c = useConsolesStore();
    for (const id of ['a', 'b', 'c']) c.open(tab('p1', id));
    const key = (id: string) => c.tabsOf('p1').find((t) => t.id === id)!.key;
    c.close(key('c'));
    expect(c.active.p1).toBe(key('b'));
    c.open(tab('p1', 'a'));
    c.close(key('b'));
    expect(c.active.p1).toBe(key('a'));
    c.close(key('a'));
    expect(c.active.p1).toBeNull();
    expect(c.tabs).toEqual([]);
  });

  it('a closed pane takes its consoles; the other pane’s stay', () => {
    const c = useConsolesStore();
    c.open(tab('p1', 'a'));
    c.open(tab('p2', 'b'));
    c.forgetPane('p1');
    expect(c.tabs.map((t) => t.pane)).toEqual(['p2']);
    expect('p1' in c.active).toBe(false);
  });

  it('copy-on-select is off by default and remembered', () => {
    expect(useConsolesStore().copyOnSelect).toBe(false);
    useConsolesStore().setCopyOnSelect(true);
    setActivePinia(createPinia());
    expect(useConsolesStore().copyOnSelect).toBe(true);
  });
});
