/**
 * Paths into a spec ("nodes[2].prompt", "/nodes/2/prompt", "steps.ask.needs", FastAPI's loc lists)
 * parsed into segments and resolved to a range of the spec's text, leniently: an index into a map
 * of nodes or an id into a list of nodes both find the node meant.
 */
import type { Node as JsonNode } from 'jsonc-parser';
import { ID_KEYS, NODE_LIST_KEYS } from '../spec-shape';
import { type ParsedSpec, nodeAtOffset, nodeListOf } from './spec-locations';

/** Segments of a JSON pointer, a JSONPath-ish "$.a[0].b", or a dotted/bracketed path. */
export function parsePath(s: string): (string | number)[] {
  const seg = (x: string): string | number => (/^\d+$/.test(x) ? Number(x) : x);
  if (s.startsWith('/'))
    return s
      .slice(1)
      .split('/')
      .map((x) => seg(x.replace(/~1/g, '/').replace(/~0/g, '~')));
  const out: (string | number)[] = [];
  const re = /\[(\d+)\]|\[["']([^"']*)["']\]|([^.[\]]+)/g;
  const body = s.replace(/^\$\.?/, '');
  for (let m = re.exec(body); m; m = re.exec(body)) {
    if (m[1] !== undefined) out.push(Number(m[1]));
    else if (m[2] !== undefined) out.push(m[2]);
    else if (m[3] !== undefined) out.push(seg(m[3]));
  }
  return out;
}

function prop(obj: JsonNode, key: string): JsonNode | undefined {
  return obj.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

function childAt(container: JsonNode, seg: string | number, isNodeList: boolean): JsonNode | undefined {
  if (container.type === 'object') {
    const byKey = prop(container, String(seg));
    if (byKey || typeof seg !== 'number' || !isNodeList) return byKey;
    return container.children?.[seg]?.children?.[1]; // an index into a map of nodes: the n-th entry.
  }
  if (container.type !== 'array') return undefined;
  if (typeof seg === 'number') return container.children?.[seg];
  // An id into a list of nodes: the element whose id is seg.
  return container.children?.find(
    (c) =>
      (c.type === 'string' && c.value === seg) ||
      (c.type === 'object' && ID_KEYS.some((k) => String(prop(c, k)?.value ?? '\u0000') === seg)),
  );
}

/** The text range a path names, or undefined when not even the node it is about can be found. */
export function resolvePath(parsed: ParsedSpec, path: (string | number)[]): { start: number; end: number } | undefined {
  const list = nodeListOf(parsed);
  let at = parsed.specRoot ?? parsed.root;
  let segs = path;
  // A bare array spec has no "nodes" key: a path through one names the array itself.
  if (parsed.root?.type === 'array' && (NODE_LIST_KEYS as readonly unknown[]).includes(path[0])) segs = path.slice(1);
  let depth = 0;
  for (; at && depth < segs.length; depth++) {
    const next = childAt(at, segs[depth] as string | number, at === list);
    if (!next) break;
    at = next;
  }
  if (!at || at === (parsed.specRoot ?? parsed.root)) return undefined;
  const nodeId = nodeAtOffset(parsed.locations, at.offset);
  const node = nodeId === null ? undefined : parsed.locations.get(nodeId);
  const whole =
    node && (node.start === at.offset || (at.parent?.type === 'property' && node.start === at.parent.offset));
  // The path's end is missing (a required field left out), or it is a whole node: mark the node's id.
  if (node && (depth < segs.length || whole)) return { start: node.idStart ?? node.start, end: node.idEnd ?? node.end };
  if (depth < segs.length) return undefined;
  const key = at.parent?.type === 'property' ? at.parent.children?.[0] : undefined;
  if ((at.type === 'object' || at.type === 'array') && key) return { start: key.offset, end: key.offset + key.length };
  return { start: at.offset, end: at.offset + at.length };
}
