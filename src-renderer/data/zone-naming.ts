/**
 * How zones are named and which one the window shows: the data layer words a refusal with the
 * zone's name ("Frankfurt is not answering") and acts on the focused zone when a caller names
 * none. The app gives it (shell/app-plugin.ts, from the zones store) through provide/inject, so no
 * module holds it and a test gets it by mounting as the app does.
 */
import { hasInjectionContext, inject, type App, type InjectionKey } from 'vue';

export interface ZoneNaming {
  name(zone: string): string;
  /** The zone the window shows, or null. */
  focused(): string | null;
}

const ZONE_NAMING: InjectionKey<ZoneNaming> = Symbol('zone-naming');

/** Outside the app (a part mounted alone): zones go by their ids and none is focused. */
const BARE: ZoneNaming = { name: (zone) => zone, focused: () => null };

export function provideZoneNaming(app: App, naming: ZoneNaming): void {
  app.provide(ZONE_NAMING, naming);
}

/** In a setup: the app's naming (outside one, or outside the app, the bare one). */
export function injectZoneNaming(): ZoneNaming {
  return hasInjectionContext() ? inject(ZONE_NAMING, BARE) : BARE;
}
