/**
 * What the picture's nodes read besides their position: selection, problems and run status, shared
 * by injection so a change of selection or status repaints the few nodes it touches, never the
 * layout and never all 500 node components.
 */
import type { ComputedRef, InjectionKey } from 'vue';

export type NodeStatus = 'pending' | 'running' | 'done' | 'failed' | 'waiting' | 'cancelled' | 'unknown';

export const STATUS_WORDS: Record<NodeStatus, string> = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
  waiting: 'waiting for approval',
  cancelled: 'cancelled',
  unknown: 'state not known',
};

/** A status's accent colour in the picture: the card's edge and the legend's dot (none for not known). */
export const STATUS_ACCENT: Partial<Record<NodeStatus, string>> = {
  pending: 'var(--zd-faint)',
  running: 'var(--zd-focus)',
  done: 'var(--wg-done)',
  failed: 'var(--zd-danger)',
  waiting: 'var(--wg-wait)',
  cancelled: 'var(--zd-muted)',
};

export interface GraphState {
  selected: ComputedRef<string | null>;
  invalid: ComputedRef<ReadonlySet<string>>;
  /** A node's run status, reactive per node (node-statuses.ts). */
  statusOf: (id: string) => NodeStatus | undefined;
  select: (id: string) => void;
  /** Pans a node into view when it gets the keyboard focus half outside the pane. */
  reveal: (id: string) => void;
}

export const GRAPH_STATE: InjectionKey<GraphState> = Symbol('workflow-graph-state');

/** What the node card shows, carried in vue-flow's node data. */
export interface CardData {
  type?: string;
  name?: string;
  missing?: boolean;
}

/** The node's accessible name: the id people see in the spec first, then the problem. */
export function cardLabel(id: string, data: CardData, invalid: boolean): string {
  const base = data.missing ? `${id} (missing node)` : data.name && data.name !== id ? `${data.name} (${id})` : id;
  return invalid ? `${base} — has problems` : base;
}
