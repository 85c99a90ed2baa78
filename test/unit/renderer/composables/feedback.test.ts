/**
 * The app's Feedback before and after Naive's providers are in (composables/feedback.ts): a call
 * made early runs once they are, in order, and ending it early ends what it shows.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DialogApi, MessageApi, NotificationApi } from 'naive-ui';
import { createFeedback } from '../../../../src-renderer/composables/feedback';

function providers() {
  const shown: { kind: string; text: string; destroy: ReturnType<typeof vi.fn> }[] = [];
  const raise = (kind: string) => (text: string) => {
    const handle = { kind, text, destroy: vi.fn() };
    shown.push(handle);
    return handle;
  };
  const live = {
    message: { loading: raise('loading'), success: raise('success') } as unknown as MessageApi,
    dialog: { warning: (o: { title: string }) => raise('dialog')(o.title) } as unknown as DialogApi,
    notification: { info: (o: { title: string }) => raise('note')(o.title) } as unknown as NotificationApi,
  };
  return { shown, live };
}

describe('Feedback', () => {
  it('holds calls made before the providers are in, asks for them, and runs the calls in order once bound', () => {
    const feedback = createFeedback();
    const { shown, live } = providers();
    expect(feedback.wanted.value).toBe(false);
    feedback.message.success('Saved');
    feedback.notification.info({ title: 'Run finished' });
    expect(feedback.wanted.value).toBe(true);
    expect(shown).toEqual([]);
    feedback.bind(live);
    expect(shown.map((s) => `${s.kind}:${s.text}`)).toEqual(['success:Saved', 'note:Run finished']);
    // Once bound, a call goes straight through and returns the real handle.
    expect(feedback.message.success('Again')).toBe(shown[2]);
  });

  it('ends an early toast that was ended before the providers came in, and one ended after', () => {
    const feedback = createFeedback();
    const { shown, live } = providers();
    feedback.message.loading('Saving…').destroy();
    const later = feedback.message.loading('Loading…');
    feedback.bind(live);
    expect(shown[0]!.destroy).toHaveBeenCalledTimes(1);
    expect(shown[1]!.destroy).not.toHaveBeenCalled();
    later.destroy();
    expect(shown[1]!.destroy).toHaveBeenCalledTimes(1);
  });

  it('ready() resolves once bound; unbinding takes the providers back', async () => {
    const feedback = createFeedback();
    const { live } = providers();
    const ready = vi.fn();
    void feedback.ready().then(ready);
    await Promise.resolve();
    expect(ready).not.toHaveBeenCalled();
    const unbind = feedback.bind(live);
    await vi.waitFor(() => expect(ready).toHaveBeenCalled());
    expect(feedback.isReady()).toBe(true);
    unbind();
    expect(feedback.isReady()).toBe(false);
  });
});
