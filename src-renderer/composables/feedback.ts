/**
 * Messages, dialogs and notifications without Naive UI's providers in the first download (#39):
 * the providers (and the message, dialog, modal, card and notification code under them) are a chunk
 * of their own, shell/FeedbackProviders.vue, which the app mounts once the page is idle (or at once
 * when something is raised earlier) and which hands its live APIs to here. Everything asks here instead of Naive's useMessage()/useDialog()/
 * useNotification(), so no caller needs the providers as an ancestor. A call made before the chunk
 * is in runs as soon as it is (only a click in the first moments of a start could be that early).
 */
import { ref, shallowRef } from 'vue';
import type { DialogApi, DialogReactive, MessageApi, NotificationApi } from 'naive-ui';

interface Live {
  message: MessageApi;
  dialog: DialogApi;
  notification: NotificationApi;
}

const live = shallowRef<Live | null>(null);
let waiting: ((l: Live) => void)[] = [];

/** Whether the providers should be mounted: once the page is idle, or at once when asked for early. */
export const feedbackWanted = ref(false);

/** Called by the providers' chunk with the APIs they give; returns what takes them back (unmounted). */
export function bindFeedback(l: Live): () => void {
  live.value = l;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(l);
  return () => {
    if (live.value === l) live.value = null;
  };
}

export const feedbackIsReady = (): boolean => live.value !== null;

/** Resolves once the providers are in: for a caller that must hold the real dialog it opens. */
export function feedbackReady(): Promise<void> {
  if (live.value) return Promise.resolve();
  feedbackWanted.value = true;
  return new Promise((resolve) => waiting.push(() => resolve()));
}

/**
 * An API of the providers' that forwards each call: at once when they are in, else once they are
 * (the call then returns `early`, a stand-in the caller does not need).
 */
function forwarder<T extends object>(pick: (l: Live) => T, early: () => unknown): T {
  return new Proxy({} as T, {
    get(_, key) {
      return (...args: unknown[]) => {
        const call = (l: Live) => (pick(l)[key as keyof T] as (...a: unknown[]) => unknown)(...args);
        if (live.value) return call(live.value);
        feedbackWanted.value = true;
        waiting.push(call);
        return early();
      };
    },
  });
}

const message = forwarder(
  (l) => l.message,
  () => ({ destroy() {} }),
);
// A dialog opened early returns a stand-in: what is set on it later (loading) is lost, so a caller
// that updates its dialog as it is answered awaits feedbackReady() first (components/confirm-danger.ts).
const dialog = forwarder(
  (l) => l.dialog,
  () => ({ destroy() {} }) as unknown as DialogReactive,
);
const notification = forwarder(
  (l) => l.notification,
  () => ({ destroy() {} }),
);

/** Naive UI's message API, from anywhere in the app. */
export const useMessage = (): MessageApi => message;
/** Naive UI's dialog API, from anywhere in the app. */
export const useDialog = (): DialogApi => dialog;
/** Naive UI's notification API, from anywhere in the app. */
export const useNotification = (): NotificationApi => notification;
