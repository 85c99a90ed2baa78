/**
 * `v-step-labels` on an n-input-number: its two stepper buttons get names ("Decrease", "Increase").
 * Naive UI renders them as unnamed icon buttons, which screen readers announce as "button" and the
 * accessibility audit refuses. The names leave out the field's label on purpose: the field itself
 * keeps that label alone, and its steppers are out of the tab order (arrow keys step the field).
 */
import type { Directive } from 'vue';

function label(el: HTMLElement): void {
  const buttons = el.querySelectorAll<HTMLButtonElement>('button');
  if (buttons.length < 2) return;
  buttons[0]!.setAttribute('aria-label', 'Decrease');
  buttons[buttons.length - 1]!.setAttribute('aria-label', 'Increase');
}

export const vStepLabels: Directive<HTMLElement, undefined> = {
  mounted: (el) => label(el),
  updated: (el) => label(el),
};
