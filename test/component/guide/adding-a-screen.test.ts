/**
 * docs/adding-a-screen.md followed end to end: its code, written as a reader would write it (into
 * a throwaway folder, with only the documented substitutions: guide-files.ts), type-checks with the
 * renderer's settings and the lint, and the screen its area line loads shows the rows the zone's list gives,
 * in the zone's own words. The guide's code stops compiling or rendering: this fails.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Component } from 'vue';
import type { AreaManifest } from '../../../src-renderer/state/navigation';
import { scriptedAgentModule } from '../../support/scripted-agent';
import { DIR, removeGuide, writeGuide, writeTsconfig } from './guide-files';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, scriptZone } = await import('../support/screen-zone');

const ROOT = resolve(import.meta.dirname, '../../..');
let names: string[] = [];

enableAutoUnmount(afterEach);
beforeAll(() => {
  names = writeGuide();
});
afterAll(removeGuide);

/** A tool of the repo run to its end: what it printed when it failed, '' when it passed. */
async function failures(tool: string, args: string[]): Promise<string> {
  const run = promisify(execFile)(resolve(ROOT, 'node_modules/.bin', tool), args, { cwd: ROOT, timeout: 230_000 });
  return run.then(
    () => '',
    (e: { stdout?: string; message: string }) => e.stdout || e.message,
  );
}

/** The screen as the guide's area line loads it. */
async function guideScreen(): Promise<Component> {
  const { GUIDE_AREA } = (await import(/* @vite-ignore */ `${DIR}/guide-area.ts`)) as { GUIDE_AREA: AreaManifest };
  const section = GUIDE_AREA.sections.find((s) => s.id === 'firewalls');
  const loaded = await section!.screen!();
  return 'default' in loaded ? (loaded.default as Component) : loaded;
}

// A zone that names its records in words of its own: the list's reader (the zone's dictionary) finds them.
const RECORDS = [
  { uuid: 'fw-1', display_name: 'edge-in', status: 'active', created_at: '2026-11-30T10:00:00Z' },
  { uuid: 'fw-2', display_name: 'edge-out', status: 'pending', created_at: '2026-12-01T10:00:00Z' },
];

describe('the adding-a-screen guide, followed', () => {
  it('gives the data file, the screen, its details and the area line', () => {
    expect(names.sort()).toEqual(['FirewallDetails.vue', 'FirewallsView.vue', 'firewalls.ts', 'guide-area.ts']);
  });

  it('type-checks with the renderer’s settings', { timeout: 240_000 }, async () => {
    expect(await failures('vue-tsc', ['--noEmit', '-p', writeTsconfig(names)])).toBe('');
  });

  it('passes the lint its Checks name (the layers rule)', { timeout: 240_000 }, async () => {
    expect(await failures('eslint', ['--max-warnings=0', DIR])).toBe('');
  });

  it('renders the rows the zone’s list gives, named and counted, and opens one', async () => {
    scriptZone({ lists: { 'publicIps.list': RECORDS } });
    const w = await mountScreen(await guideScreen());
    const list = w.find('section[aria-label="Firewalls list"]');
    expect(list.find('h2').text()).toBe('Firewalls');
    expect(list.find('[aria-label="Count"]').text()).toBe('2');
    const table = list.find('table[aria-label="Firewalls"]');
    const rows = table.findAll('tbody tr');
    expect(rows.map((r) => r.text())).toEqual([
      expect.stringContaining('edge-in'),
      expect.stringContaining('edge-out'),
    ]);
    expect(rows[0]!.text()).toContain('active');

    await rows[0]!.trigger('click');
    await flushPromises();
    const pane = w.find('aside[aria-label="Details of edge-in"]');
    expect(pane.exists()).toBe(true);
    expect(pane.text()).toContain('fw-1');
    expect(pane.find('section[aria-label="Actions"] button').text()).toBe('Delete…');
  });

  it('says when the zone has none, in the guide’s words', async () => {
    scriptZone({ lists: { 'publicIps.list': [] } });
    const w = await mountScreen(await guideScreen());
    expect(w.find('section[aria-label="Firewalls list"] .empty').text()).toContain('Frankfurt has no firewalls yet.');
  });
});
