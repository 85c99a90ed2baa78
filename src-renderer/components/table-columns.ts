/**
 * The part of Naive UI's DataTableColumns that VirtualTable understands: key, title, width/minWidth,
 * align, render, sorter and defaultSortOrder (ellipsis is always on: every cell is one line).
 * Column groups (`children`) are flattened; selection and expand columns are not supported.
 */
import type { DataTableColumns } from 'naive-ui';
import type { VNodeChild } from 'vue';
import { textSorter, type SortOrder } from '../lib/list-index';

export interface TableColumn {
  key: string;
  title: string | (() => VNodeChild);
  width?: number;
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  render?: (row: object, index: number) => unknown;
  /** A comparator (keyed by lib/list-index for speed); undefined when the column does not sort. */
  sorter?: unknown;
  defaultSortOrder?: SortOrder | false;
}

export interface SortBy {
  key: string;
  order: SortOrder;
}

const px = (v: unknown): number | undefined =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? parseFloat(v) || undefined : undefined;

export function tableColumns<T>(columns: DataTableColumns<T>): TableColumn[] {
  const out: TableColumn[] = [];
  const walk = (cols: readonly unknown[]): void => {
    for (const raw of cols) {
      const c = raw as Record<string, unknown>;
      if (Array.isArray(c.children)) {
        walk(c.children);
        continue;
      }
      if (c.type === 'selection' || c.type === 'expand') continue;
      out.push({
        key: String(c.key),
        title: (typeof c.title === 'function' ? c.title : String(c.title ?? '')) as TableColumn['title'],
        width: px(c.width),
        minWidth: px(c.minWidth),
        align: c.align as TableColumn['align'],
        render: c.render as TableColumn['render'],
        // Naive's 'default' sorts by the field named by key.
        sorter:
          c.sorter === 'default'
            ? textSorter((r: Record<string, unknown>) =>
                r[String(c.key)] == null ? undefined : String(r[String(c.key)]),
              )
            : c.sorter,
        defaultSortOrder: c.defaultSortOrder as TableColumn['defaultSortOrder'],
      });
    }
  };
  walk(columns);
  return out;
}

/** The sort a list starts with: the first column with a `defaultSortOrder`. */
export function defaultSort(columns: readonly TableColumn[]): SortBy | null {
  const c = columns.find((x) => x.sorter && x.defaultSortOrder);
  return c && c.defaultSortOrder ? { key: c.key, order: c.defaultSortOrder } : null;
}

/** A header click: ascending, then descending, then unsorted (as Naive UI's table does). */
export function nextSort(current: SortBy | null, key: string): SortBy | null {
  if (!current || current.key !== key) return { key, order: 'ascend' };
  return current.order === 'ascend' ? { key, order: 'descend' } : null;
}

/** The least a column takes before the table would scroll sideways. */
const leastWidth = (c: TableColumn): number => c.width ?? Math.min(c.minWidth ?? 80, 80);

/**
 * The columns that fit `width`: when they don't all fit, the least useful go first — those named in
 * `dropOrder`, in its order, then the others from the right — and the first column always stays. A
 * narrow list (a details pane opened beside it) keeps what matters instead of losing the end.
 */
export function fitColumns(
  columns: readonly TableColumn[],
  width: number,
  dropOrder: readonly string[] = [],
): readonly TableColumn[] {
  let need = columns.reduce((w, c) => w + leastWidth(c), 0);
  if (width <= 0 || need <= width) return columns;
  const order = [
    ...dropOrder.filter((k) => columns.some((c) => c.key === k)),
    ...columns
      .slice(1)
      .map((c) => c.key)
      .reverse()
      .filter((k) => !dropOrder.includes(k)),
  ].filter((k) => k !== columns[0]?.key);
  const dropped = new Set<string>();
  for (const key of order) {
    if (need <= width) break;
    dropped.add(key);
    need -= leastWidth(columns.find((c) => c.key === key)!);
  }
  return columns.filter((c) => !dropped.has(c.key));
}
