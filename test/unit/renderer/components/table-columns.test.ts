import { describe, expect, it } from 'vitest';
import { fitColumns, type TableColumn } from '../../../../src-renderer/components/table-columns';

describe('fitColumns', () => {
  const col = (key: string, width?: number, minWidth?: number): TableColumn => ({ key, title: key, width, minWidth });
  const cols = [
    col('name', undefined, 140),
    col('latest', 120),
    col('deployment', undefined, 180),
    col('created', 110),
  ];
  const keys = (c: readonly TableColumn[]) => c.map((x) => x.key);

  it('keeps every column that fits, and all of them before the width is known', () => {
    expect(keys(fitColumns(cols, 1000))).toEqual(['name', 'latest', 'deployment', 'created']);
    expect(keys(fitColumns(cols, 0))).toEqual(['name', 'latest', 'deployment', 'created']);
  });

  it('drops from the right when narrow, never the first column', () => {
    expect(keys(fitColumns(cols, 300))).toEqual(['name', 'latest', 'deployment']);
    expect(keys(fitColumns(cols, 200))).toEqual(['name', 'latest']);
    expect(keys(fitColumns(cols, 10))).toEqual(['name']);
  });

  it('drops the columns named least useful first, keeping the useful one on the right', () => {
    // Flexible columns count at most 80 px (they shrink, ellipsed): 80 + 120 + 80 + 110 = 390.
    expect(keys(fitColumns(cols, 200, ['latest', 'created']))).toEqual(['name', 'deployment']);
    expect(keys(fitColumns(cols, 300, ['unknown', 'latest']))).toEqual(['name', 'deployment', 'created']);
  });
});
