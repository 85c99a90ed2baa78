/** One async component per screen, made once for every pane, so switching back does not reload its code. */
import { defineAsyncComponent, type Component } from 'vue';
import { screenOf } from '../state/navigation';

const loaded = new Map<string, Component>();

export function screenComponent(area: string, section: string): Component | undefined {
  const key = `${area}/${section}`;
  const load = screenOf(area, section);
  if (!load) return undefined;
  if (!loaded.has(key)) loaded.set(key, defineAsyncComponent(load));
  return loaded.get(key);
}
