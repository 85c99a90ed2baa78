/**
 * Mounts a screen (or a harness) as the app does, with nothing set up by hand: the app's plugin
 * (Pinia, the areas, the cache's gates, how zones are named) and its providers and services (Naive
 * UI's theme, messages and dialogs, the data layer's notifier, the protected-zone guard). The test
 * file mocks src-renderer/agent with the scripted agent before this runs.
 */
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { h, type Component } from 'vue';
import AppProviders from '../../../src-renderer/shell/AppProviders.vue';
// The feedback providers and the confirmation's name field are chunks the app loads once the page
// is idle (#39), in long before anyone acts; imported here so a test that acts at once finds them in too.
import '../../../src-renderer/shell/FeedbackProviders.vue';
import '../../../src-renderer/components/danger-input';
import { zonedeckApp } from '../../../src-renderer/shell/app-plugin';

/** A fresh Pinia, made active so the test reads the same stores the screen does. */
export function freshPinia(): Pinia {
  const pinia = createPinia();
  setActivePinia(pinia);
  return pinia;
}

export function mountApp(pinia: Pinia, root: Component, props: Record<string, unknown> = {}) {
  return mount(() => h(AppProviders, null, { default: () => h(root, props) }), {
    attachTo: document.body,
    global: { plugins: [zonedeckApp(pinia)] },
  });
}
