/**
 * A workflow spec read as a graph for the DAG picture, whatever shape the zone chose (the schema
 * is "not shown"): nodes+edges, a map of nodes, steps with depends_on/needs/next. Work is bounded,
 * a cycle is found rather than followed, and anything unreadable gets a sentence instead of a picture.
 */
import {
  DEPENDS_KEYS,
  EDGE_FROM_KEYS,
  EDGE_LIST_KEYS,
  EDGE_TO_KEYS,
  ID_KEYS,
  MAX_WRAP,
  NAME_KEYS,
  NEXT_KEYS,
  TYPE_KEYS,
  isRec,
  nodeIdOfItem,
  nodeListKey,
  pickText,
  wrapperKey,
} from '../spec-shape';
import { findCycle } from './graph-cycle';

export interface GraphNode {
  id: string;
  type?: string;
  name?: string;
}
export interface GraphEdge {
  from: string;
  to: string;
  broken?: boolean;
}
export type GraphReading =
  | { ok: true; nodes: GraphNode[]; edges: GraphEdge[]; shape: string; cycle?: string[]; note?: string }
  | { ok: false; reason: string };

export const MAX_NODES = 5_000;
export const MAX_EDGES = 20_000;

type Rec = Record<string, unknown>;
const NO_PICTURE = 'so there is no picture.';

function kindOf(v: unknown): string {
  if (v === null || v === undefined) return 'empty';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return 'text';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

/** The object holding the node list, and the wrapper keys passed on the way; or why there is none. */
function findSpec(spec: unknown): { obj: Rec; via: string[] } | { reason: string } {
  if (spec === null || spec === undefined) return { reason: `The spec is empty, ${NO_PICTURE}` };
  if (Array.isArray(spec)) {
    const sample = spec.slice(0, 50);
    if (sample.some((i) => isRec(i) && nodeIdOfItem(i) !== undefined)) return { obj: { steps: spec }, via: [] };
    return { reason: `The spec is a list without any node or step objects in it, ${NO_PICTURE}` };
  }
  if (!isRec(spec)) return { reason: `The spec is ${kindOf(spec)}, not an object with nodes or steps, ${NO_PICTURE}` };
  let obj: Rec = spec;
  const via: string[] = [];
  for (let depth = 0; depth <= MAX_WRAP; depth++) {
    if (nodeListKey(obj) !== undefined) return { obj, via };
    const key = wrapperKey(obj);
    if (key === undefined) break;
    via.push(key);
    obj = obj[key] as Rec;
  }
  if (via.length > MAX_WRAP) return { reason: `The spec is wrapped too many times to find its nodes, ${NO_PICTURE}` };
  return { reason: `The spec has no nodes or steps list, ${NO_PICTURE}` };
}

/** Node ids named by a dependency or successor field: a string, a list, or a map of branches. */
function refsOf(v: unknown): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (typeof v === 'number' && Number.isFinite(v)) return [String(v)];
  if (Array.isArray(v)) return v.slice(0, 1000).flatMap((x) => (isRec(x) ? refOfRecord(x) : refsOf(x)));
  if (isRec(v)) {
    const one = refOfRecord(v);
    if (one.length > 0) return one;
    // A map of branches ({yes: "a", no: "b"}) names its targets as values; else its keys are the ids.
    const values = Object.values(v).filter((x): x is string => typeof x === 'string' && x !== '');
    return values.length > 0 ? values.slice(0, 1000) : Object.keys(v).slice(0, 1000);
  }
  return [];
}

function refOfRecord(r: Rec): string[] {
  const hit = pickText(r, ['id', 'node', 'node_id', 'step', 'to', 'target', 'name']);
  return hit ? [hit.value] : [];
}

/** One end of an edge: an id, an index, or {node|id: …}. */
function endOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (isRec(v)) return pickText(v, ['node', 'id', 'node_id', 'step', 'name'])?.value;
  return undefined;
}

interface Collected {
  nodes: GraphNode[];
  raws: (Rec | undefined)[];
  byIndex: string[];
  skipped: number;
  duplicates: string[];
  unnamed: number;
  cut: boolean;
}

function collectNodes(list: unknown[] | Rec): Collected {
  const out: Collected = { nodes: [], raws: [], byIndex: [], skipped: 0, duplicates: [], unnamed: 0, cut: false };
  const seen = new Set<string>();
  const add = (raw: unknown, mapKey: string | undefined, index: number): void => {
    let id = mapKey;
    let idKey: string | undefined;
    if (id === undefined) {
      const hit = isRec(raw) ? pickText(raw, ID_KEYS) : undefined;
      id = hit?.value ?? (typeof raw === 'string' && raw !== '' ? raw : undefined);
      idKey = hit?.key;
      if (id === undefined) {
        if (!isRec(raw)) return void out.skipped++;
        id = `#${index + 1}`;
        out.unnamed++;
      }
    }
    out.byIndex[index] = id;
    if (seen.has(id)) return void out.duplicates.push(id);
    seen.add(id);
    const node: GraphNode = { id };
    if (isRec(raw)) {
      const type = pickText(raw, TYPE_KEYS);
      const name = pickText(
        raw,
        NAME_KEYS.filter((k) => k !== idKey),
      );
      if (type) node.type = type.value;
      if (name) node.name = name.value;
    } else if (typeof raw === 'string' && mapKey !== undefined && raw !== '') node.type = raw;
    out.nodes.push(node);
    out.raws.push(isRec(raw) ? raw : undefined);
  };
  if (Array.isArray(list)) {
    out.cut = list.length > MAX_NODES;
    for (let i = 0; i < Math.min(list.length, MAX_NODES); i++) add(list[i], undefined, i);
  } else {
    let i = 0;
    for (const key in list) {
      if (i >= MAX_NODES) {
        out.cut = true;
        break;
      }
      add(list[key], key, i++);
    }
  }
  return out;
}

function collectEdges(
  obj: Rec,
  got: Collected,
): { edges: GraphEdge[]; sources: string[]; cut: boolean; dropped: number } {
  const ids = new Set(got.nodes.map((n) => n.id));
  const edges: GraphEdge[] = [];
  const keys = new Set<string>();
  const sources = new Set<string>();
  let cut = false;
  let dropped = 0;
  const resolve = (end: string): string =>
    ids.has(end) || !/^\d+$/.test(end) ? end : (got.byIndex[Number(end)] ?? end);
  const push = (a: string | undefined, b: string | undefined, source: string): void => {
    if (a === undefined || b === undefined) return void dropped++;
    if (edges.length >= MAX_EDGES) return void (cut = true);
    const from = resolve(a);
    const to = resolve(b);
    const key = `${from}\u0000${to}`;
    if (keys.has(key)) return;
    keys.add(key);
    sources.add(source);
    edges.push(ids.has(from) && ids.has(to) ? { from, to } : { from, to, broken: true });
  };
  const listKey = EDGE_LIST_KEYS.find((k) => Array.isArray(obj[k]) || isRec(obj[k]));
  if (listKey !== undefined) {
    const raw = obj[listKey];
    const list = Array.isArray(raw) ? raw : Object.values(raw as Rec);
    for (const e of list.slice(0, MAX_EDGES + 1)) {
      if (Array.isArray(e)) push(endOf(e[0]), endOf(e[1]), listKey);
      else if (isRec(e)) push(endOf(pickAny(e, EDGE_FROM_KEYS)), endOf(pickAny(e, EDGE_TO_KEYS)), listKey);
      else dropped++;
    }
  }
  got.nodes.forEach((node, i) => {
    const raw = got.raws[i];
    if (!raw) return;
    for (const k of DEPENDS_KEYS) if (k in raw) for (const dep of refsOf(raw[k])) push(dep, node.id, k);
    for (const k of NEXT_KEYS) if (k in raw) for (const nx of refsOf(raw[k])) push(node.id, nx, k);
  });
  return { edges, sources: [...sources], cut, dropped };
}

function pickAny(r: Rec, keys: readonly string[]): unknown {
  for (const k of keys) if (r[k] !== undefined && r[k] !== null) return r[k];
  return undefined;
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

export function readGraph(spec: unknown): GraphReading {
  const found = findSpec(spec);
  if ('reason' in found) return { ok: false, reason: found.reason };
  const listKey = nodeListKey(found.obj) as string;
  const list = found.obj[listKey];
  if (!Array.isArray(list) && !isRec(list))
    return {
      ok: false,
      reason: `The spec's "${listKey}" is ${kindOf(list)}, not a list or map of nodes, ${NO_PICTURE}`,
    };
  const got = collectNodes(list);
  if (got.nodes.length === 0 && got.skipped > 0)
    return { ok: false, reason: `The spec's "${listKey}" holds no node objects, ${NO_PICTURE}` };
  const { edges, sources, cut, dropped } = collectEdges(found.obj, got);
  const notes: string[] = [];
  if (got.cut) notes.push(`Only the first ${MAX_NODES.toLocaleString('en')} nodes are drawn.`);
  if (cut) notes.push(`Only the first ${MAX_EDGES.toLocaleString('en')} edges are drawn.`);
  if (got.unnamed > 0) notes.push(`${plural(got.unnamed, 'node has', 'nodes have')} no id, drawn as #position.`);
  if (got.duplicates.length > 0) notes.push(`Duplicate ids drawn once: ${[...new Set(got.duplicates)].join(', ')}.`);
  if (got.skipped > 0) notes.push(`${plural(got.skipped, 'entry', 'entries')} of "${listKey}" left out: not nodes.`);
  if (dropped > 0) notes.push(`${plural(dropped, 'edge', 'edges')} left out: an end is missing.`);
  const broken = edges.filter((e) => e.broken).length;
  if (broken > 0) notes.push(`${plural(broken, 'edge points', 'edges point')} at a node that does not exist.`);
  const cycle = findCycle(
    got.nodes.map((n) => n.id),
    edges,
  );
  if (cycle) notes.push(`The graph has a cycle: ${[...cycle, cycle[0]].join(' → ')}.`);
  const shape = [
    ...found.via,
    `${listKey}${Array.isArray(list) ? '' : ' map'}${sources.length > 0 ? ` + ${sources.join(', ')}` : ''}`,
  ].join(' › ');
  const reading: GraphReading = { ok: true, nodes: got.nodes, edges, shape };
  if (cycle) reading.cycle = cycle;
  if (notes.length > 0) reading.note = notes.join(' ');
  return reading;
}
