/**
 * Where each node of a workflow spec sits in the spec's text, for markers and for syncing the
 * editor's cursor with the picture. The text is parsed once (jsonc-parser tolerates the half-typed
 * JSON of an editor) and the last result is kept, so every cursor move on a 1 MB spec is a lookup.
 */
import { type Node as JsonNode, parseTree } from 'jsonc-parser';
import { ID_KEYS, MAX_WRAP, NODE_LIST_KEYS, WRAPPER_KEYS } from '../spec-shape';
import { MAX_NODES } from '../graph/workflow-graph';

export interface NodeLocation {
  start: number;
  end: number;
  idStart?: number;
  idEnd?: number;
}
export type NodeLocations = Map<string, NodeLocation>;

export interface ParsedSpec {
  text: string;
  root: JsonNode | undefined;
  /** The object holding the node list (after any {spec: …} wrappers), when there is one. */
  specRoot: JsonNode | undefined;
  locations: NodeLocations;
}

let last: ParsedSpec | undefined;

function prop(obj: JsonNode, key: string): JsonNode | undefined {
  for (const p of obj.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k?.value === key) return v;
  }
  return undefined;
}

function idValue(node: JsonNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string' && node.value !== '') return node.value as string;
  if (node.type === 'number' && Number.isFinite(node.value)) return String(node.value);
  return undefined;
}

/** The object that holds the node list: the root, a wrapped spec, or (for a bare array) none. */
function specRootOf(root: JsonNode | undefined): JsonNode | undefined {
  let at = root;
  for (let depth = 0; at?.type === 'object' && depth <= MAX_WRAP; depth++) {
    if (NODE_LIST_KEYS.some((k) => prop(at as JsonNode, k) !== undefined)) return at;
    const key = WRAPPER_KEYS.find((k) => prop(at as JsonNode, k)?.type === 'object');
    if (key === undefined) return undefined;
    at = prop(at, key);
  }
  return undefined;
}

/** The node list or map as a tree node: under the first node-list key, or the root when it is an array. */
export function nodeListOf(parsed: Pick<ParsedSpec, 'root' | 'specRoot'>): JsonNode | undefined {
  if (parsed.root?.type === 'array') return parsed.root;
  if (!parsed.specRoot) return undefined;
  for (const k of NODE_LIST_KEYS) {
    const v = prop(parsed.specRoot, k);
    if (v) return v;
  }
  return undefined;
}

function locate(list: JsonNode | undefined): NodeLocations {
  const out: NodeLocations = new Map();
  if (!list) return out;
  const children = (list.children ?? []).slice(0, MAX_NODES);
  const put = (id: string, loc: NodeLocation): void => {
    if (!out.has(id)) out.set(id, loc);
  };
  children.forEach((child, i) => {
    if (list.type === 'object') {
      const [k, v] = child.children ?? [];
      if (!k || !v) return;
      put(String(k.value), {
        start: child.offset,
        end: v.offset + v.length,
        idStart: k.offset,
        idEnd: k.offset + k.length,
      });
      return;
    }
    if (list.type !== 'array') return;
    if (child.type === 'string' && child.value !== '') {
      const end = child.offset + child.length;
      put(child.value as string, { start: child.offset, end, idStart: child.offset, idEnd: end });
      return;
    }
    if (child.type !== 'object') return;
    const loc: NodeLocation = { start: child.offset, end: child.offset + child.length };
    for (const key of ID_KEYS) {
      const v = prop(child, key);
      const id = idValue(v);
      if (id !== undefined && v) {
        put(id, { ...loc, idStart: v.offset, idEnd: v.offset + v.length });
        return;
      }
    }
    put(`#${i + 1}`, loc);
  });
  return out;
}

/** The spec text parsed and its nodes located; the last text's result is reused. */
export function parseSpec(text: string): ParsedSpec {
  if (last?.text === text) return last;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const specRoot = specRootOf(root);
  const locations = locate(nodeListOf({ root, specRoot }));
  last = { text, root, specRoot, locations };
  return last;
}

/** Every node or step object of the spec text, by id: its whole range and its id's range. */
export function locateNodes(text: string): NodeLocations {
  return parseSpec(text).locations;
}

const sortedCache = new WeakMap<NodeLocations, [string, NodeLocation][]>();

function sortedOf(map: NodeLocations): [string, NodeLocation][] {
  let sorted = sortedCache.get(map);
  if (!sorted) {
    sorted = [...map.entries()].sort((a, b) => a[1].start - b[1].start);
    sortedCache.set(map, sorted);
  }
  return sorted;
}

/** The node whose text holds the offset (its closing brace included), or null between nodes. */
export function nodeAtOffset(source: string | NodeLocations, offset: number): string | null {
  const sorted = sortedOf(typeof source === 'string' ? locateNodes(source) : source);
  // Nodes are siblings in one list, so their ranges never nest: the last start at or before the offset decides.
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as [string, NodeLocation])[1].start <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return null;
  const [id, loc] = sorted[found] as [string, NodeLocation];
  return offset <= loc.end ? id : null;
}
