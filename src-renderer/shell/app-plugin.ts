/**
 * The app's own set-up, as one Vue plugin: main.ts uses it, and so does a component test that
 * mounts a screen (test/component/support/mount-app.ts), so neither wires anything by hand. It
 * brings Pinia, the areas, the cache's gates (a zone is read only while signed in and answering)
 * how zones are named (for the data layer's words) and the app's feedback (toasts, dialogs), both
 * through provide/inject.
 */
import type { Plugin } from 'vue';
import { createPinia, type Pinia } from 'pinia';
import { installZoneGate } from '../data/zone-gate';
import { installZoneHealth } from '../data/zone-health';
import { provideZoneNaming } from '../data/zone-naming';
import { provideFeedback } from '../composables/feedback';
import { useZoneHealthStore } from '../state/zone-health-feed';
import { registerNavigation } from './areas';

export function zonedeckApp(pinia: Pinia = createPinia()): Plugin {
  return {
    install(app) {
      // The areas, before any store resolves a place in them.
      registerNavigation();
      app.use(pinia);
      installZoneGate();
      installZoneHealth();
      provideZoneNaming(app, useZoneHealthStore(pinia).naming);
      provideFeedback(app);
    },
  };
}
