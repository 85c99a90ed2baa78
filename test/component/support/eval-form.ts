/**
 * The Evals tab mounted with a new case typed and saved, as a person does it: Add case, name,
 * input, expected text, submit. Returns the wrapper and a field finder for what the form still holds.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import type { Component } from 'vue';
import type { ZoneView } from '@contract/commands';
import { mountApp } from './mount-app';

/** Enough flushes for a save, its read-back and a second write to settle. */
export async function settle(rounds = 6): Promise<void> {
  for (let i = 0; i < rounds; i++) await flushPromises();
}

/** Each mount its own workflow: the data layer's cache outlives a test's pinia, and a case saved before must not be seen. */
let workflows = 0;

export async function typeCase(
  pinia: Pinia,
  evalsTab: Component,
  zone: ZoneView,
  c: { name: string; input: string; expected: string },
) {
  const id = `w${++workflows}`;
  const w: VueWrapper = mountApp(pinia, evalsTab, { zone, id, summary: {} as never, raw: {} });
  await settle();
  await w
    .findAll('button')
    .find((b) => b.text() === 'Add case')!
    .trigger('click');
  await settle();
  const field = (label: string) => w.find(`[aria-label="${label}"]`);
  await field('Case name').setValue(c.name);
  await field('Case input').setValue(c.input);
  await field('Expected text').setValue(c.expected);
  await w.find('form').trigger('submit');
  await settle();
  return { w, field };
}
