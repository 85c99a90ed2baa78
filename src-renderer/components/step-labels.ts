/**
 * `v-step-labels` on an n-input-number: its two stepper buttons get names ("Decrease …" and
 * "Increase …"). Naive UI renders them as unnamed icon buttons, which screen readers announce as
 * "button" and the accessibility audit refuses; the input itself keeps its own label.
 */
import type { Directive } from 'vue';

function label(el: HTMLElement, what: string | undefined): void {
  const buttons = el.querySelectorAll<HTMLButtonElement>('button');
  if (buttons.length < 2) return;
  const suffix = what ? ` ${what}` : '';
  buttons[0]!.setAttribute('aria-label', `Decrease${suffix}`);
  buttons[buttons.length - 1]!.setAttribute('aria-label', `Increase${suffix}`);
}

export const vStepLabels: Directive<HTMLElement, string | undefined> = {
  mounted: (el, binding) => label(el, binding.value),
  updated: (el, binding) => label(el, binding.value),
};
