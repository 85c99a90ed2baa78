/**
 * The renderer's resource layer: one cache, one poll scheduler. Stores define resources and
 * mutations here; views get data only from stores and composables (lint holds them to it).
 */
export { resources } from './resources';
export { defineResource, type ResourceDef } from './resource-def';
export type { KeyFilter } from './resource-key';
export { useResource, type ResourceView } from './use-resource';
export { useAction } from './use-action';
export { listResource, putListRow, removeListRow } from './list-resource';
export { usePagedHistory, type PagedHistory } from './use-paged-history';
export { providePaneZone } from './pane-zone';
export {
  dictionaryOf,
  noteDictionaries,
  readerFor,
  readGapOf,
  readGaps,
  readRows,
  storedReader,
  type KindReader,
  type ReadGap,
} from './zone-dictionary';
