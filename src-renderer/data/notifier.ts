/**
 * Toasts for the data layer, which draws nothing itself: an action that fails or is done says so
 * through what the app gives here (shell/AppServices.vue gives Naive UI's message API), so the data
 * layer imports no UI library (lint holds it).
 */
import { inject, provide, type InjectionKey } from 'vue';

export interface Notifier {
  success(text: string, opts?: { duration?: number }): unknown;
  warning(text: string, opts?: { duration?: number }): unknown;
  error(text: string, opts?: { duration?: number }): unknown;
}

const NOTIFIER: InjectionKey<Notifier> = Symbol('notifier');

/** Called by the app's services, inside its message provider, for everything below. */
export function provideNotifier(notifier: Notifier): void {
  provide(NOTIFIER, notifier);
}

/** In a setup: the app's notifier. Without one a toast would vanish unseen, so this fails loudly. */
export function injectNotifier(): Notifier {
  const n = inject(NOTIFIER, null);
  if (!n) throw new Error('No notifier: mount under the app’s services (shell/AppServices.vue).');
  return n;
}
