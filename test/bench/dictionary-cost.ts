/**
 * The zone's dictionary on the list's read (issue #39 item 5), beside the browser's key figure
 * (dictionary-key.ts): the 100,000 rows read — reader made, every row built — with the dictionary
 * holding a person's choice of every field the rows read, against the dictionary holding nothing
 * (all inferred), in one process, the order swapped each round. Informational: the extra time as a
 * share of the read (JSON.parse plus plain rows, as shapes_cost_list_100k_pct).
 */
import type { KindEntry } from '../../src-main/contract/dictionary/dictionary-types';
import { kindReader } from '../../src-main/contract/dictionary/kind-reader';
import { listOf } from '../../src-main/contract/tolerant';
import { toContainerRow } from '../../src-renderer/lib/tolerant';
import { median, withSpread } from './stats';

const ROUNDS = 15;

const CHOSEN: KindEntry = {
  read: {
    id: { path: ['id'], from: 'chosen' },
    name: { path: ['name'], from: 'chosen' },
    state: { path: ['status'], from: 'chosen' },
    created: { path: ['created_at'], from: 'chosen' },
  },
};

function timedRead(items: readonly Record<string, unknown>[], entry: KindEntry | undefined): number {
  const t = performance.now();
  const reader = kindReader(entry, items, 'container');
  const rows = listOf({ items }).map((r, j) => toContainerRow(r, j, reader));
  const ms = performance.now() - t;
  if (rows.length !== items.length) throw new Error('a row was lost');
  return ms;
}

/** `readMs`: what reading the reply costs anyway, the share's denominator. */
export function dictionaryCost(items: readonly Record<string, unknown>[], readMs: number): Record<string, number> {
  const none: number[] = [];
  const chosen: number[] = [];
  for (let i = -2; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? [undefined, CHOSEN] : [CHOSEN, undefined];
    const [first, second] = order.map((entry) => timedRead(items, entry));
    if (i < 0) continue;
    none.push(i % 2 === 0 ? first! : second!);
    chosen.push(i % 2 === 0 ? second! : first!);
  }
  const extra = median(chosen) - median(none);
  const pct = (100 * extra) / readMs;
  console.error(
    `the ${items.length.toLocaleString('en')} rows read with every field chosen in the zone's dictionary against none, median (range) of ${ROUNDS} (ms): ${withSpread(chosen)} against ${withSpread(none)}; extra ${extra.toFixed(1)} ms = ${pct.toFixed(1)} % of the read`,
  );
  return {
    dictionary_read_100k_chosen_ms: median(chosen),
    dictionary_read_100k_none_ms: median(none),
    dictionary_read_100k_extra_pct: pct,
  };
}
