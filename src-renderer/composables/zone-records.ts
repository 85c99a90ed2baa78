/**
 * Resources read for a whole zone (a list) or for one record of a zone (`{ zone, id }`): most
 * stores define some of each, and these say the key once — the zone, and for a record its id as
 * the one key part — with the matching "read it again". `defineRecordCollection` is the pair most
 * areas open with (a polled list and one record), with what every such store offers on them.
 */
import { isReactive, markRaw } from 'vue';
import { defineResource, resources, useResource, type ResourceDef, type ResourceView } from '../data';

/** One record of a zone (a workflow, a workspace, a skill …). */
export interface RecordRef {
  zone: string;
  id: string;
}

/** A definition without its key: the helpers below supply it. */
type Unkeyed<T, A> = Omit<ResourceDef<T, A>, 'zone' | 'parts'>;

/** A resource of one zone, keyed by the zone alone. */
export function defineZoneResource<T>(def: Unkeyed<T, string>): ResourceDef<T, string> {
  return defineResource<T, string>({ ...def, zone: (zone) => zone });
}

/** A resource of one record of a zone, keyed by its zone and id. */
export function defineRecordResource<T, R extends RecordRef = RecordRef>(def: Unkeyed<T, R>): ResourceDef<T, R> {
  return defineResource<T, R>({ ...def, zone: (r) => r.zone, parts: (r) => [r.id] });
}

type Named = Pick<ResourceDef<unknown, unknown>, 'name'>;

/** The zone's value is read again (now where a screen watches it, else when one next does). */
export function zoneResourceChanged(def: Named, zone: string): void {
  resources.invalidate({ zone, name: def.name });
}

/** One record's value is read again (now where a screen watches it, else when one next does). */
export function recordResourceChanged(def: Named, ref: RecordRef): void {
  resources.invalidate({ zone: ref.zone, name: def.name, parts: [ref.id] });
}

/** What a list row needs for the collection's helpers. */
interface ListRow {
  id: string | undefined;
  name: string;
}

/**
 * A record was deleted: its row leaves the zone's list now (the toast says it is gone; a row still
 * there until the next read would say otherwise). The caller reads the list again, as after any
 * change (a second read here would only supersede that one).
 */
export function zoneRecordRemoved<S extends Pick<ListRow, 'id'>>(def: ResourceDef<S[], string>, ref: RecordRef): void {
  resources.update(def, ref.zone, (rows) => {
    if (!rows) return undefined;
    const kept = rows.filter((r) => r.id !== ref.id);
    // A list kept raw (large lists are: the state hands it out without a proxy) stays raw.
    return isReactive(rows) ? kept : markRaw(kept);
  });
}

/** A zone's list and one record of it, with what every store of such a pair offers. */
export function defineRecordCollection<S extends ListRow, T>(defs: {
  list: Unkeyed<S[], string>;
  record: Unkeyed<T, RecordRef>;
}) {
  const list = defineZoneResource(defs.list);
  const record = defineRecordResource(defs.record);
  return {
    list,
    record,
    useList: (zone: () => string | null): ResourceView<S[]> => useResource(list, zone),
    useRecord: (ref: () => RecordRef | null): ResourceView<T> => useResource(record, ref),
    /** The zone's list as last read (empty when not read). */
    rowsIn: (zone: string): S[] => resources.state(list, zone).data ?? [],
    /** A record's name as the zone's list last read it (for a notification's words); undefined when not read. */
    nameIn: (zone: string, id: string): string | undefined =>
      resources.state(list, zone).data?.find((s) => s.id === id)?.name,
    /** Something about one record changed (or may have): it and the list are read again. */
    changed(ref: RecordRef): void {
      recordResourceChanged(record, ref);
      zoneResourceChanged(list, ref.zone);
    },
    listChanged: (zone: string): void => zoneResourceChanged(list, zone),
    /** A record was deleted: see zoneRecordRemoved. */
    removed: (ref: RecordRef): void => zoneRecordRemoved(list, ref),
  };
}
