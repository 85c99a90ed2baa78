/**
 * The words a workflow spec may use for its node and edge lists, listed once for every reader
 * (the window's graph, the agent's rollouts): the spec's schema is "not shown" and zones differ.
 * And a workflow-area record's fields as one view, where a box holding a spec is a value, not
 * where the record keeps its fields.
 */
import { isRecord, type Raw } from '../tolerant';
import { recordView } from './record-view';

/** Keys of the node list or map, in order of preference, with the word the shape is named by. */
export const NODE_LIST_KEYS = ['nodes', 'steps', 'tasks', 'jobs', 'stages'] as const;
export const EDGE_LIST_KEYS = ['edges', 'links', 'connections', 'transitions'] as const;

const LIST_KEYS = new Set<string>([...NODE_LIST_KEYS, ...EDGE_LIST_KEYS]);

/** Whether a value reads as a workflow spec: an object with a node list or map. */
export function isSpecLike(v: unknown): v is Raw {
  return isRecord(v) && NODE_LIST_KEYS.some((k) => Array.isArray(v[k]) || isRecord(v[k]));
}

/** A workflow spec: a node list beside an edge list, or lists alone (a run's `steps` beside its other fields is no spec). */
export const isSpec = (v: Raw) =>
  NODE_LIST_KEYS.some((k) => Array.isArray(v[k]) || isRecord(v[k])) &&
  (EDGE_LIST_KEYS.some((k) => k in v) || Object.keys(v).every((k) => LIST_KEYS.has(k)));

/** A workflow-area record's fields as one view: a box that is a workflow spec stays a value. */
export const workflowRecordView = (raw: Raw): Raw => recordView(raw, isSpec);
