/**
 * Mounts what a test needs beside the app's feedback providers (shell/FeedbackProviders.vue), as
 * AppProviders does, with the app's Feedback given as its plugin gives it, and finds the dialogs
 * Naive UI teleports to the body.
 */
import { flushPromises, mount } from '@vue/test-utils';
import FeedbackProviders from '../../../src-renderer/shell/FeedbackProviders.vue';
// The confirmation's name field is a chunk the app loads as it starts (#39), in long before anyone
// is asked; imported here so a test that asks at once finds it in too.
import '../../../src-renderer/components/danger-input';
import { defineComponent, h, type VNode } from 'vue';
import { provideFeedback } from '../../../src-renderer/composables/feedback';
import type { Pinia } from 'pinia';

/** Mounts `setup` as a component beside the feedback providers; returns the wrapper. */
export function mountInDialogs(pinia: Pinia, setup: () => void) {
  const Inner = defineComponent({
    setup() {
      setup();
      return () => h('div', { id: 'inner' });
    },
  });
  return mountWithFeedback(pinia, () => h(Inner));
}

/** Mounts what `render` draws beside the feedback providers, attached to the body. */
export function mountWithFeedback(pinia: Pinia, render: () => VNode) {
  return mount(() => [h(FeedbackProviders), render()], {
    attachTo: document.body,
    global: { plugins: [pinia, { install: (app) => void provideFeedback(app) }] },
  });
}

export const dialogs = () => [...document.querySelectorAll<HTMLElement>('.n-dialog')];

/** The one open dialog (fails the test when there are none or several). */
export function theDialog(): HTMLElement {
  const all = dialogs();
  if (all.length !== 1) throw new Error(`expected one dialog, found ${all.length}`);
  return all[0]!;
}

export function button(dialog: HTMLElement, text: string): HTMLButtonElement {
  const b = [...dialog.querySelectorAll<HTMLButtonElement>('.n-dialog__action button')].find((x) =>
    x.textContent?.includes(text),
  );
  if (!b) throw new Error(`no button “${text}” in the dialog`);
  return b;
}

/** Types into the dialog's confirmation field as a person does (input events). */
export async function type(dialog: HTMLElement, text: string): Promise<HTMLInputElement> {
  const input = dialog.querySelector<HTMLInputElement>('input[aria-label^="Type "]');
  if (!input) throw new Error('no confirmation field in the dialog');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await flushPromises();
  return input;
}

/** Waits for Naive UI's dialogs to go (their leave transition). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await flushPromises();
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
  await new Promise((r) => setTimeout(r, 20));
  await flushPromises();
}
