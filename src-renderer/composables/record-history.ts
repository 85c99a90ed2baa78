/**
 * A record's history read newest first (a workflow's runs, a workspace's chats): the newest page is
 * a polled resource, older pages come by cursor (data/use-paged-history.ts). One page reader serves
 * both, so the poll and the cursor never ask the zone differently.
 */
import { resources, usePagedHistory, type PagedHistory } from '../data';
import { CursorPager } from '../lib/cursor-pager';
import { listOf, type Raw } from '../lib/tolerant';
import { defineRecordResource, recordResourceChanged, type RecordRef } from './zone-records';

/** The query of one page: the newest when `before` is undefined. */
export function pageQuery(before: string | undefined, limit: number): { before?: string; limit: number } {
  return before ? { before, limit } : { limit };
}

export function defineRecordHistory<T>(def: {
  /** The newest page's resource name. */
  name: string;
  poll: number;
  /** Rows a page asks for. */
  limit: number;
  /** One page of the record's history, older than `before` when it is given. */
  page: (ref: RecordRef, before: string | undefined, limit: number) => Promise<unknown>;
  /** Told each newest page as it is read (what it says of its rows, for notifications). */
  onNewest?: (ref: RecordRef, page: unknown) => void;
  /** One row of a page of `ref`'s history (the zone's reader of its kind is the ref's zone's). */
  row: (raw: Raw, index: number, ref: RecordRef) => T;
  key: (row: T) => string;
  /** What a row shows: a polled row equal in these is kept as it was. */
  same: (held: T, fresh: T) => boolean;
}) {
  const newest = defineRecordResource<unknown>({
    name: def.name,
    poll: def.poll,
    fetch: async (ref) => {
      const page = await def.page(ref, undefined, def.limit);
      def.onNewest?.(ref, page);
      return page;
    },
  });
  return {
    newest,
    useHistory: (ref: () => RecordRef | null): PagedHistory<T> =>
      usePagedHistory(
        ref,
        newest,
        (r) =>
          new CursorPager(
            (before, limit) => def.page(r, before, limit),
            (raw, i) => def.row(raw, i, r),
            def.key,
            def.limit,
            def.same,
          ),
      ),
    /** The newest records as last read (the names this zone writes them in); empty when not read. */
    newestRecords: (ref: RecordRef): Raw[] => listOf(resources.state(newest, ref).data).slice(0, 5),
    /** Something was added to the record's history: its newest page is read again. */
    changed: (ref: RecordRef): void => recordResourceChanged(newest, ref),
  };
}
