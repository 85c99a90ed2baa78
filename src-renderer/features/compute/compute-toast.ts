/**
 * One toast per subject: a newer message about the same thing replaces the one still showing, so
 * attaching, detaching and attaching again leaves one toast rather than a stack of three.
 */
import type { MessageApi, MessageReactive } from 'naive-ui';

export type ToastKind = 'success' | 'error';

export function replacingToasts(message: Pick<MessageApi, ToastKind>) {
  const shown = new Map<string, MessageReactive>();
  return (key: string, kind: ToastKind, content: string): void => {
    shown.get(key)?.destroy();
    const m = message[kind](content, {
      // Errors stay long enough to be read; a later success still replaces them.
      duration: kind === 'error' ? 8000 : 3000,
      closable: kind === 'error',
      onAfterLeave: () => {
        if (shown.get(key) === m) shown.delete(key);
      },
    });
    shown.set(key, m);
  };
}
