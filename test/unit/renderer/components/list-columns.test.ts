/** The shared column factories: keys the tables and all-zones lists rely on, empty cells, sort order. */
import { describe, expect, it } from 'vitest';
import type { VNode } from 'vue';
import { createdColumn, nameColumn, stateColumn, zoneColumn } from '../../../../src-renderer/components/list-columns';

interface Row {
  name: string;
  state?: string;
  at?: Date;
  zone: { name: string; color: string };
}
const row: Row = {
  name: 'web',
  state: 'running',
  at: new Date(Date.UTC(2026, 0, 1)),
  zone: { name: 'eu-1', color: '#f00' },
};
const render = (c: object, r: Row) => (c as { render: (r: Row) => VNode }).render(r);

describe('list columns', () => {
  it('names: the first column sorts ascending and can be mono', () => {
    const c = nameColumn<Row>((r) => r.name, { title: 'Full name', mono: true });
    expect(c).toMatchObject({ key: 'name', title: 'Full name', defaultSortOrder: 'ascend' });
    expect(render(c, row).props?.class).toBe('rl-name zd-mono');
    expect(render(c, row).children).toBe('web');
  });

  it('state and zone keep the keys other code reads', () => {
    expect(stateColumn<Row>((r) => r.state)).toMatchObject({ key: 'state', title: 'Status', width: 124 });
    const z = zoneColumn<Row>((r) => r.zone);
    expect(z).toMatchObject({ key: 'zone', title: 'Zone' });
    expect(render(z, row).props?.style).toEqual({ '--zone': '#f00' });
  });

  it('created: relative to the clock given, a dash when unknown', () => {
    const now = row.at!.getTime() + 3 * 3600_000;
    const c = createdColumn<Row>(
      (r) => r.at,
      () => now,
    );
    const cell = render(c, row);
    expect(cell.type).toBe('time');
    expect(cell.props?.datetime).toBe(row.at!.toISOString());
    expect(String(cell.children)).toMatch(/3 h/);
    expect(render(c, { ...row, at: undefined }).children).toBe('—');
    expect(render(c, { ...row, at: new Date('not a date') }).children).toBe('—');
  });
});
