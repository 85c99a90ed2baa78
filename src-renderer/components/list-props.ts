/**
 * What a list screen is, as data: ResourceList's props, and the binding a screen hands to
 * ListDetailScreen (the props with the list's handlers), so every list is drawn by one pair of
 * components from a description its screen writes once.
 */
import type { DataTableColumns, DropdownOption } from 'naive-ui';
import type { AgentErrorData } from '@contract/errors';
import type { RecordKind } from '@contract/dictionary/record-kinds';

export interface ListProps<T> {
  /** Shown as the list's heading. (Not `title`: an HTML attribute name defeats the generic's inference.) */
  heading: string;
  /** Accessible name of the table, plural ("Containers"); also words the filter, skeleton and empty texts. The heading when left out. */
  label?: string;
  rows: T[];
  columns: DataTableColumns<T>;
  /** Keys of columns to drop first when the list is narrow (a details pane beside it); then from the right. */
  dropOrder?: readonly string[];
  loading?: boolean;
  refreshing?: boolean;
  /** How often (ms) the rows are read again by themselves, said beside Refresh once rows are in (the interval follows their number); null or absent: not said. */
  refreshEvery?: number | null;
  error?: AgentErrorData | null;
  /** The searchable text of a row; every whitespace-separated term must occur in it. */
  filterText?: (row: T) => string;
  filterPlaceholder?: string;
  emptyText?: string;
  rowMenu?: (row: T) => DropdownOption[];
  /** v-model:selected — the selected row's key. */
  selected?: string | null;
  /** The zone listed (default: the one the window shows): while it is unreachable the list says so and its actions wait. */
  zone?: string | null;
  /** A create action, `create` emitted: a button in the toolbar and a primary one in the empty state. */
  createText?: string;
  /**
   * Details are open beside the list: the toolbar's create button shows as its icon alone (named
   * by createText) and the filter box says just "Filter", to leave them room.
   */
  narrow?: boolean;
  createPrimary?: boolean;
  /** When the rows were read (the resource's updatedAt), for "As of 12:03". */
  updatedAt?: number | null;
  /** The zone and dictionary kind the rows are read as: lacking a field, the list says so (ReadGapNotice). */
  records?: { zone: string; kind: RecordKind } | null;
}

/** ResourceList's events, as the handlers a binding carries (`onCreate` opens the create form). */
export interface ListHandlers<T> {
  onRetry?: () => void;
  onRefresh?: () => void;
  onMenu?: (key: string, row: T) => void;
  onOpen?: (row: T) => void;
  onCreate?: () => void;
}

/** A whole list as ListDetailScreen draws it (`selected` is the screen's v-model). */
export type ListBinding<T> = Omit<ListProps<T>, 'selected'> & ListHandlers<T>;
