import { describe, expect, it } from 'vitest';
import {
  addPane,
  dropZones,
  MAX_PANES,
  paneAfter,
  parseLayout,
  removePane,
  setFocusedPlace,
  type PaneLayout,
} from '../../../../src-renderer/lib/pane-layout';
import { opensInSplit, paneItems } from '../../../../src-renderer/shell/palette-entries';
import { registerNavigation } from '../../../../src-renderer/shell/areas';

registerNavigation();

const eu = { zoneId: 'eu', area: 'compute', section: 'containers' };
const us = { zoneId: 'us', area: 'compute', section: 'containers' };
const one: PaneLayout = { panes: [{ id: 'p1', ...eu }], focusedId: 'p1', direction: 'row' };
const known = new Set(['eu', 'us']);
const isPlace = (a: string, s: string) => a === 'compute' && ['containers', 'microvms'].includes(s);

describe('pane layout', () => {
  it('adds a pane after the focused one and focuses it, up to the limit', () => {
    const two = addPane(one, us, 'row');
    expect(two.panes.map((p) => [p.id, p.zoneId])).toEqual([
      ['p1', 'eu'],
      ['p2', 'us'],
    ]);
    expect(two.focusedId).toBe('p2');
    const back = { ...two, focusedId: 'p1' };
    const three = addPane(back, us, 'column');
    expect(three.panes.map((p) => p.id)).toEqual(['p1', 'p3', 'p2']);
    expect(three.direction).toBe('column');
    let full = three;
    while (full.panes.length < MAX_PANES) full = addPane(full, eu, 'row');
    expect(addPane(full, eu, 'row')).toBe(full);
  });

  it('closes a pane, moving focus to its neighbour, and never closes the last', () => {
    const three = addPane(addPane(one, us, 'row'), eu, 'row'); // p1 p2 p3, focus p3
    const closed = removePane(three, 'p3');
    expect(closed.panes.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(closed.focusedId).toBe('p2');
    const other = removePane({ ...three, focusedId: 'p1' }, 'p2');
    expect(other.focusedId).toBe('p1');
    expect(removePane(one, 'p1')).toBe(one);
    expect(removePane(three, 'nope')).toBe(three);
  });

  it('moves focus forward and back with wrap-around', () => {
    const three = addPane(addPane(one, us, 'row'), eu, 'row');
    expect(paneAfter(three, 1)?.id).toBe('p1');
    expect(paneAfter(three, -1)?.id).toBe('p2');
    expect(paneAfter({ ...three, panes: [] }, 1)).toBeUndefined();
  });

  it('lets the rail and sidebar change only the focused pane', () => {
    const two = addPane(one, us, 'row');
    const moved = setFocusedPlace(two, { zoneId: 'us', area: 'compute', section: 'microvms' });
    expect(moved.panes[0]).toEqual({ id: 'p1', ...eu });
    expect(moved.panes[1]).toEqual({ id: 'p2', zoneId: 'us', area: 'compute', section: 'microvms' });
  });

  it('closes the panes of a removed zone', () => {
    const two = addPane(one, us, 'row');
    const left = dropZones(two, new Set(['eu']));
    expect(left?.panes.map((p) => p.id)).toEqual(['p1']);
    expect(left?.focusedId).toBe('p1');
    expect(dropZones(two, new Set())).toBeNull();
    expect(dropZones(two, known)).toBe(two);
  });
});

describe('a saved layout read back', () => {
  it('comes back as it was', () => {
    const two = addPane(one, us, 'column');
    expect(parseLayout(JSON.stringify(two), known, isPlace)).toEqual(two);
  });

  it('drops panes of unknown zones or screens, duplicates and junk, keeping the rest', () => {
    const raw = JSON.stringify({
      panes: [
        { id: 'p1', ...eu },
        { id: 'p2', zoneId: 'gone', area: 'compute', section: 'containers' },
        { id: 'p3', zoneId: 'us', area: 'compute', section: '../../etc' },
        { id: 'p1', ...us },
        'p4',
        null,
        { id: 'p5', zoneId: 42, area: 'compute', section: 'containers' },
        { id: 'p6', ...us },
      ],
      focusedId: 'p2',
      direction: 'diagonal',
    });
    expect(parseLayout(raw, known, isPlace)).toEqual({
      panes: [
        { id: 'p1', ...eu },
        { id: 'p6', ...us },
      ],
      focusedId: 'p1',
      direction: 'row',
    });
  });

  it('is nothing for missing, broken, oversized or empty input', () => {
    expect(parseLayout(null, known, isPlace)).toBeNull();
    expect(parseLayout('{not json', known, isPlace)).toBeNull();
    expect(parseLayout('"text"', known, isPlace)).toBeNull();
    expect(parseLayout(JSON.stringify({ panes: [] }), known, isPlace)).toBeNull();
    expect(parseLayout('x'.repeat(20_000), known, isPlace)).toBeNull();
    const many = { panes: Array.from({ length: 10 }, (_, i) => ({ id: `p${i + 1}`, ...eu })), focusedId: 'p9' };
    const kept = parseLayout(JSON.stringify(many), known, isPlace);
    expect(kept?.panes).toHaveLength(MAX_PANES);
    expect(kept?.focusedId).toBe('p1');
  });
});

describe('pane commands in the palette', () => {
  it('offers splitting until full, and close and next only when split', () => {
    expect(paneItems(false, false).map((i) => i.label)).toEqual(['Split right', 'Split down']);
    expect(paneItems(true, true).map((i) => i.label)).toEqual(['Focus next pane', 'Close pane']);
    expect(paneItems(true, false)).toHaveLength(4);
  });

  it('opens zones, screens and items in a split, not commands', () => {
    expect(opensInSplit({ kind: 'zone', zone: 'eu' })).toBe(true);
    expect(opensInSplit({ kind: 'go', zone: 'eu', area: 'compute', section: 'containers' })).toBe(true);
    expect(opensInSplit({ kind: 'add-zone' })).toBe(false);
    expect(opensInSplit({ kind: 'pane', run: 'close' })).toBe(false);
  });
});
