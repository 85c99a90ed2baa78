/** One async component per screen, made once for every pane, so switching back does not reload its code. */
import { defineAsyncComponent, type Component } from 'vue';
import { screenOf } from '../state/navigation';
import { afterFirstPaint } from './after-first-paint';

const loaded = new Map<string, Component>();

export function screenComponent(area: string, section: string): Component | undefined {
  const key = `${area}/${section}`;
  const load = screenOf(area, section);
  if (!load) return undefined;
  // The shell's first frame (the rail: what a person reaches for) is painted before a screen's code is asked for.
  if (!loaded.has(key))
    loaded.set(
      key,
      defineAsyncComponent(() => afterFirstPaint().then(load)),
    );
  return loaded.get(key);
}
