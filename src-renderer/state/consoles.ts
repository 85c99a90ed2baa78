/**
 * Open consoles (container terminals, microVM serial consoles), shown as tabs in the console panel
 * of the pane they were opened in: two panes never render (and connect) the same session twice.
 */
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import { agent, type StreamHandle, type StreamHandlers } from '../agent';
import { onZoneReset } from '../data/zone-gate';

export type { StreamHandle };

/** The two kinds with a console (compute's ComputeKind; app-wide state may not import a feature). */
export type ConsoleKind = 'containers' | 'microvms';

export interface ConsoleTab {
  key: string;
  /** The split pane whose console panel shows it. */
  pane: string;
  zone: string;
  kind: ConsoleKind;
  id: string;
  name: string;
}

/** Opens a tab's console stream (containers.console / microvms.console) at the terminal's size. */
export function openConsoleStream(
  tab: ConsoleTab,
  size: { cols: number; rows: number } | null,
  handlers: StreamHandlers,
): Promise<StreamHandle> {
  return agent.openStream(
    {
      zone: tab.zone,
      operationId: `${tab.kind}.console`,
      params: { id: tab.id },
      ...(size ? { query: { cols: size.cols, rows: size.rows } } : {}),
    },
    handlers,
  );
}

export const useConsolesStore = defineStore('consoles', () => {
  const tabs = ref<ConsoleTab[]>([]);
  /** The tab shown per pane. */
  const active = reactive<Record<string, string | null>>({});
  /** Copy the selection to the clipboard as soon as it is made (off by default, as in most terminals). */
  const copyOnSelect = ref(localStorage.getItem('zd.console.copyOnSelect') === '1');

  const tabsOf = (pane: string) => tabs.value.filter((t) => t.pane === pane);

  function open(t: Omit<ConsoleTab, 'key'>): void {
    const key = `${t.pane}:${t.zone}:${t.kind}:${t.id}`;
    if (!tabs.value.some((x) => x.key === key)) tabs.value = [...tabs.value, { ...t, key }];
    active[t.pane] = key;
  }

  function close(key: string): void {
    const tab = tabs.value.find((t) => t.key === key);
    if (!tab) return;
    const mine = tabsOf(tab.pane);
    const i = mine.indexOf(tab);
    tabs.value = tabs.value.filter((t) => t.key !== key);
    if (active[tab.pane] === key) active[tab.pane] = mine.filter((t) => t !== tab)[Math.max(0, i - 1)]?.key ?? null;
  }

  /** A closed pane's consoles go with it. */
  function forgetPane(pane: string): void {
    tabs.value = tabs.value.filter((t) => t.pane !== pane);
    delete active[pane];
  }

  // A console shows what the zone printed for the identity that opened it: it closes with that session.
  onZoneReset((zone) => {
    for (const t of tabs.value.filter((x) => x.zone === zone)) close(t.key);
  });

  function setCopyOnSelect(v: boolean): void {
    copyOnSelect.value = v;
    localStorage.setItem('zd.console.copyOnSelect', v ? '1' : '0');
  }

  return { tabs, active, copyOnSelect, tabsOf, open, close, forgetPane, setCopyOnSelect };
});
