/** Open consoles (container terminals, microVM serial consoles), shown as tabs in the console panel. */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { agent, type StreamHandle, type StreamHandlers } from '../agent';
import type { ComputeKind } from '../lib/compute-kinds';

export type { StreamHandle };

export interface ConsoleTab {
  key: string;
  zone: string;
  kind: ComputeKind;
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
  const active = ref<string | null>(null);
  /** Copy the selection to the clipboard as soon as it is made (off by default, as in most terminals). */
  const copyOnSelect = ref(localStorage.getItem('zd.console.copyOnSelect') === '1');

  function open(t: Omit<ConsoleTab, 'key'>): void {
    const key = `${t.zone}:${t.kind}:${t.id}`;
    if (!tabs.value.some((x) => x.key === key)) tabs.value = [...tabs.value, { ...t, key }];
    active.value = key;
  }

  function close(key: string): void {
    const i = tabs.value.findIndex((t) => t.key === key);
    tabs.value = tabs.value.filter((t) => t.key !== key);
    if (active.value === key) active.value = tabs.value[Math.max(0, i - 1)]?.key ?? null;
  }

  function setCopyOnSelect(v: boolean): void {
    copyOnSelect.value = v;
    localStorage.setItem('zd.console.copyOnSelect', v ? '1' : '0');
  }

  return { tabs, active, copyOnSelect, open, close, setCopyOnSelect };
});
