/**
 * A list screen (drawn by ResourceList) mounted as the app shows it, in the four states a person
 * meets: loading (a busy skeleton named for the list, no count claimed), filled (its heading, its
 * count, the rows' words in the table named for the list), empty (the screen's own empty words)
 * and the zone's refusal (said, with Retry). The test file mocks
 * src-renderer/agent with the scripted agent and imports this after the mock.
 */
import type { VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { Component } from 'vue';
import { mountScreen, refused, scriptZone, type ZoneScript } from './screen-zone';

export interface ListScreenCase {
  screen: Component;
  props?: Record<string, unknown>;
  /** The list's heading, which also names its table. */
  heading: string;
  /** The operation the rows are read with, and how: `list.poll` or a plain read. */
  op: string;
  via: 'poll' | 'read';
  rows: unknown[];
  /** Words of the rows a person sees in the table. */
  shows: string[];
  /** The empty state's words (part of them). */
  empty: string;
  /** Other reads the screen makes on the way. */
  more?: ZoneScript;
  /** More checks of the filled screen. */
  filled?: (w: VueWrapper) => void | Promise<void>;
}

/** A reply that never comes: the first read still under way. */
const pending = () => new Promise<never>(() => undefined);

function script(c: ListScreenCase, rows: unknown[] | Error | Promise<never>): void {
  const more = c.more ?? {};
  if (c.via === 'poll') scriptZone({ ...more, lists: { ...more.lists, [c.op]: rows } });
  else scriptZone({ ...more, reads: { ...more.reads, [c.op]: rows } });
}

export function describeListScreen(c: ListScreenCase): void {
  const section = (w: VueWrapper) => w.find(`section[aria-label="${c.heading} list"]`);

  describe(`the ${c.heading} screen`, () => {
    it('filled: its heading, how many, and the rows in the table named for the list', async () => {
      script(c, c.rows);
      const w = await mountScreen(c.screen, c.props);
      expect(section(w).find('h2').text()).toBe(c.heading);
      expect(section(w).find('[aria-label="Count"]').text()).toBe(String(c.rows.length));
      const table = section(w).find(`table[aria-label="${c.heading}"]`);
      for (const words of c.shows) expect(table.text()).toContain(words);
      expect(section(w).find('[role="alert"]').exists()).toBe(false);
      await c.filled?.(w);
    });

    it('loading: a busy skeleton named for the list, and no count claimed yet', async () => {
      script(c, pending());
      const w = await mountScreen(c.screen, c.props);
      const skeleton = section(w).find(`[role="status"][aria-busy="true"]`);
      expect(skeleton.attributes('aria-label')).toBe(`Loading ${c.heading.toLowerCase()}`);
      expect(section(w).find('[aria-label="Count"]').text()).toBe('…');
      expect(section(w).find('table').exists()).toBe(false);
    });

    it('empty: says so in the screen’s words', async () => {
      script(c, []);
      const w = await mountScreen(c.screen, c.props);
      expect(section(w).find('[aria-label="Count"]').text()).toBe('0');
      expect(section(w).find('.empty').text()).toContain(c.empty);
      expect(section(w).find('table').exists()).toBe(false);
    });

    it('refused: says the list could not be read, with Retry', async () => {
      script(c, refused('The zone is not answering.'));
      const w = await mountScreen(c.screen, c.props);
      const alert = section(w).find('[role="alert"]');
      expect(alert.text()).toContain(`Couldn’t load ${c.heading.toLowerCase()}`);
      expect(alert.find('button').text()).toBe('Retry');
    });
  });
}
