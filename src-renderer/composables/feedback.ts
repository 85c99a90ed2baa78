/**
 * Messages, dialogs and notifications without Naive UI's providers in the first download (#39):
 * the providers (and the message, dialog, modal, card and notification code under them) are a chunk
 * of their own, shell/FeedbackProviders.vue, which the app mounts once the page is idle (or at once
 * when something is raised earlier) and which hands its live APIs to the app's Feedback. Everything
 * asks here instead of Naive's useMessage()/useDialog()/useNotification(), so no caller needs the
 * providers as an ancestor. A call made before the chunk is in runs as soon as it is (only a click
 * in the first moments of a start could be that early). Each app has its own Feedback, given by
 * the app's plugin (provide/inject), so nothing lives at module level.
 */
import { type App, type InjectionKey, type Ref, inject, ref, shallowRef } from 'vue';
import type { DialogApi, MessageApi, NotificationApi } from 'naive-ui';

interface Live {
  message: MessageApi;
  dialog: DialogApi;
  notification: NotificationApi;
}

export interface Feedback extends Live {
  /** Whether the providers should be mounted: once the page is idle, or at once when asked for early. */
  readonly wanted: Ref<boolean>;
  /** Called by the providers' chunk with the APIs they give; returns what takes them back (unmounted). */
  bind(l: Live): () => void;
  isReady(): boolean;
  /** Resolves once the providers are in: for a caller that must hold the real dialog it opens. */
  ready(): Promise<void>;
}

const FEEDBACK: InjectionKey<Feedback> = Symbol('feedback');

export function createFeedback(): Feedback {
  const live = shallowRef<Live | null>(null);
  const wanted = ref(false);
  let waiting: ((l: Live) => void)[] = [];

  /**
   * An API of the providers' that forwards each call: at once when they are in, else once they are.
   * An early call returns a stand-in whose destroy() reaches the real toast or dialog once it is
   * shown (a "Saving…" raised and ended in the first moments must not stay up for good).
   */
  function forwarder<T extends object>(pick: (l: Live) => T): T {
    return new Proxy({} as T, {
      get(_, key) {
        return (...args: unknown[]) => {
          const call = (l: Live) => (pick(l)[key as keyof T] as (...a: unknown[]) => unknown)(...args);
          if (live.value) return call(live.value);
          wanted.value = true;
          let shown: { destroy?: () => void } | undefined;
          let destroyed = false;
          waiting.push((l) => {
            shown = call(l) as { destroy?: () => void } | undefined;
            if (destroyed) shown?.destroy?.();
          });
          return {
            destroy() {
              destroyed = true;
              shown?.destroy?.();
            },
          };
        };
      },
    });
  }

  return {
    wanted,
    bind(l) {
      live.value = l;
      const queued = waiting;
      waiting = [];
      for (const run of queued) run(l);
      return () => {
        if (live.value === l) live.value = null;
      };
    },
    isReady: () => live.value !== null,
    ready() {
      if (live.value) return Promise.resolve();
      wanted.value = true;
      return new Promise((resolve) => waiting.push(() => resolve()));
    },
    message: forwarder((l) => l.message),
    // A dialog opened early returns a stand-in: what is set on it later (loading) is lost, so a caller
    // that updates its dialog as it is answered awaits ready() first (components/confirm-danger.ts).
    dialog: forwarder((l) => l.dialog),
    notification: forwarder((l) => l.notification),
  };
}

/** Gives an app its Feedback (the app's plugin does, shell/app-plugin.ts). */
export function provideFeedback(app: App, feedback: Feedback = createFeedback()): Feedback {
  app.provide(FEEDBACK, feedback);
  return feedback;
}

/** The app's Feedback, from a component's set-up. */
export function useFeedback(): Feedback {
  const feedback = inject(FEEDBACK, null);
  if (!feedback) throw new Error('No feedback here: the app is mounted without its plugin (shell/app-plugin.ts).');
  return feedback;
}

/** Naive UI's message API, from anywhere in the app. */
export const useMessage = (): MessageApi => useFeedback().message;
/** Naive UI's dialog API, from anywhere in the app. */
export const useDialog = (): DialogApi => useFeedback().dialog;
/** Naive UI's notification API, from anywhere in the app. */
export const useNotification = (): NotificationApi => useFeedback().notification;
