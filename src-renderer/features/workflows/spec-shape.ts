/**
 * The words a workflow spec may use for its parts, listed once: the graph reader, the text
 * locator and the error placer all recognise the same shapes, since the spec's schema is "not
 * shown" and zones differ (nodes+edges, a map of nodes, steps with depends_on/needs/next…).
 */
import { EDGE_LIST_KEYS, NODE_LIST_KEYS } from '@contract/shapes/workflow-spec-words';

/** Keys a spec may be wrapped under ({spec: …}, a workflow record's draft_spec…). */
export const WRAPPER_KEYS = ['spec', 'draft_spec', 'definition', 'workflow'] as const;
/** Keys of the node list or map, and of the edge list: the contract's, which the agent reads by too. */
export { EDGE_LIST_KEYS, NODE_LIST_KEYS };

export const ID_KEYS = ['id', 'name', 'key'] as const;
export const TYPE_KEYS = ['type', 'kind', 'uses'] as const;
export const NAME_KEYS = ['name', 'title', 'label'] as const;
export const EDGE_FROM_KEYS = ['from', 'source', 'src'] as const;
export const EDGE_TO_KEYS = ['to', 'target', 'dst'] as const;
/** A node's predecessors (edge dep → node). */
export const DEPENDS_KEYS = ['depends_on', 'dependsOn', 'needs', 'after', 'requires'] as const;
/** A node's successors (edge node → next). */
export const NEXT_KEYS = ['next', 'then'] as const;

/** How many wrappers deep a spec is looked for. */
export const MAX_WRAP = 4;

type Rec = Record<string, unknown>;

export function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-empty string or finite number under the first key that has one, as a string. */
export function pickText(obj: Rec, keys: readonly string[]): { key: string; value: string } | undefined {
  for (const key of keys) {
    const v = obj[key];
    if (typeof v === 'string' && v !== '') return { key, value: v };
    if (typeof v === 'number' && Number.isFinite(v)) return { key, value: String(v) };
  }
  return undefined;
}

/** The first node-list key present on the object (whatever its value), if any. */
export function nodeListKey(obj: Rec): string | undefined {
  return NODE_LIST_KEYS.find((k) => k in obj);
}

/** The wrapper key to step into, when the object has no node list of its own but wraps one. */
export function wrapperKey(obj: Rec): string | undefined {
  if (nodeListKey(obj) !== undefined) return undefined;
  return WRAPPER_KEYS.find((k) => isRec(obj[k]));
}

/** Whether an array item reads as a node: an object with an id, or a bare string id. */
export function nodeIdOfItem(item: unknown): string | undefined {
  if (typeof item === 'string' && item !== '') return item;
  if (isRec(item)) return pickText(item, ID_KEYS)?.value;
  return undefined;
}
