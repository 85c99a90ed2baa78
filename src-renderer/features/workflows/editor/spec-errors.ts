/**
 * Validation and publish errors read as problems and placed on the spec's text. The error body is
 * "not shown" by the spec: maps keyed by node id or by path, lists of {node, message}, FastAPI's
 * {detail: [{loc, msg}]} all arrive here; whatever cannot be tied to a node or a path is spec-wide.
 */
import { EDGE_LIST_KEYS, NODE_LIST_KEYS, WRAPPER_KEYS, isRec, pickText } from '../spec-shape';
import { parsePath, resolvePath } from './spec-paths';
import { nodeAtOffset, parseSpec } from './spec-locations';

export interface SpecProblem {
  message: string;
  nodeId?: string;
  path?: (string | number)[];
  start?: number;
  end?: number;
}

type Rec = Record<string, unknown>;

const ERROR_KEYS = ['errors', 'node_errors', 'nodeErrors', 'problems', 'issues', 'violations', 'validation_errors'];
const SPEC_WIDE_KEYS = new Set(['_spec', '__all__', 'non_field_errors', '_', '*', '', 'spec', '_global', 'general']);
const ENVELOPE_KEYS = ['details', 'body', 'data', 'response'];
const MESSAGE_KEYS = ['message', 'msg', 'error', 'detail', 'description', 'reason'];
const NODE_KEYS = ['node', 'node_id', 'nodeId', 'step', 'step_id', 'stepId'];
const PATH_KEYS = ['path', 'loc', 'pointer', 'field', 'location', 'instancePath', 'instance_path'];
const LIST_WORDS = [...NODE_LIST_KEYS, ...EDGE_LIST_KEYS, ...WRAPPER_KEYS].join('|');
const PATH_LIKE = new RegExp(`^(/|\\$|(${LIST_WORDS})(\\.|\\[|$))`);
const MAX_PROBLEMS = 5_000;

/** Message texts from a string, a list of strings or records, or a {message} record. */
function messagesOf(v: unknown, depth = 0): string[] {
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (Array.isArray(v) && depth < 3) return v.slice(0, MAX_PROBLEMS).flatMap((x) => messagesOf(x, depth + 1));
  if (isRec(v)) {
    const m = pickText(v, MESSAGE_KEYS);
    if (m) return [m.value];
    // {prompt: ["is required"]}: a node's errors by field.
    if (depth < 2)
      return Object.entries(v).flatMap(([field, inner]) => messagesOf(inner, depth + 1).map((s) => `${field}: ${s}`));
  }
  return [];
}

/** A path as segments, without leading "body" and spec-wrapper steps (those are where the spec sat in the request). */
function cleanPath(path: (string | number)[]): (string | number)[] {
  let i = 0;
  while (i < path.length && (path[i] === 'body' || (WRAPPER_KEYS as readonly unknown[]).includes(path[i]))) i++;
  return path.slice(i);
}

/** The node id a path names directly ("steps.ask.needs", "nodes.ask"), when it names one by id. */
function nodeOfPath(path: (string | number)[]): string | undefined {
  const [list, id] = path;
  return (NODE_LIST_KEYS as readonly unknown[]).includes(list) && typeof id === 'string' && !/^\d+$/.test(id)
    ? id
    : undefined;
}

function problemAt(message: string, path: (string | number)[]): SpecProblem {
  const clean = cleanPath(path);
  if (clean.length === 0) return { message };
  const nodeId = nodeOfPath(clean);
  return nodeId !== undefined ? { message, nodeId, path: clean } : { message, path: clean };
}

function fromMap(map: Rec, out: SpecProblem[]): void {
  for (const [key, value] of Object.entries(map)) {
    if (out.length >= MAX_PROBLEMS) return;
    if (
      (NODE_LIST_KEYS as readonly string[]).includes(key) &&
      isRec(value) &&
      pickText(value, MESSAGE_KEYS) === undefined
    ) {
      fromMap(value, out); // {errors: {nodes: {ask: [...]}}}: a map of node errors one level down.
      continue;
    }
    const messages = messagesOf(value);
    if (SPEC_WIDE_KEYS.has(key)) out.push(...messages.map((message) => ({ message })));
    else if (key === '_edges') out.push(...messages.map((message) => ({ message, path: ['edges'] })));
    else if (PATH_LIKE.test(key)) out.push(...messages.map((message) => problemAt(message, parsePath(key))));
    else out.push(...messages.map((message) => ({ message, nodeId: key })));
  }
}

function fromList(list: unknown[], out: SpecProblem[]): void {
  for (const item of list.slice(0, MAX_PROBLEMS)) {
    if (typeof item === 'string') {
      if (item !== '') out.push({ message: item });
      continue;
    }
    if (!isRec(item)) continue;
    const message = messagesOf(item)[0] ?? 'Invalid.';
    const node = pickText(item, NODE_KEYS);
    const rawPath = PATH_KEYS.map((k) => item[k]).find((v) => typeof v === 'string' || Array.isArray(v));
    const path = Array.isArray(rawPath)
      ? rawPath.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number')
      : typeof rawPath === 'string' && rawPath !== ''
        ? parsePath(rawPath)
        : [];
    const problem = problemAt(message, path);
    if (node) problem.nodeId = node.value;
    out.push(problem);
  }
}

function collect(v: unknown, out: SpecProblem[]): void {
  if (Array.isArray(v)) fromList(v, out);
  else if (isRec(v)) fromMap(v, out);
  else if (typeof v === 'string' && v !== '') out.push({ message: v });
}

/** The envelope that holds the errors: the body itself, or an agent error's details, or {body|data: …}. */
function envelopeOf(body: unknown): unknown {
  let at = body;
  for (let i = 0; i < 3 && isRec(at); i++) {
    const rec: Rec = at;
    if ([...ERROR_KEYS, 'valid', 'detail'].some((k) => k in rec)) return rec;
    const inner = ENVELOPE_KEYS.find((k) => isRec(rec[k]) || Array.isArray(rec[k]));
    if (inner === undefined) return rec;
    at = rec[inner];
  }
  return at;
}

export function readProblems(body: unknown): {
  specWide: SpecProblem[];
  placed: SpecProblem[];
  valid: boolean | undefined;
} {
  const env = envelopeOf(body);
  const all: SpecProblem[] = [];
  let valid: boolean | undefined;
  if (Array.isArray(env)) fromList(env, all);
  else if (isRec(env)) {
    if (typeof env.valid === 'boolean') valid = env.valid;
    for (const k of ERROR_KEYS) if (k in env) collect(env[k], all);
    if (Array.isArray(env.detail)) fromList(env.detail, all);
    const summary = pickText(env, ['message', 'detail']);
    // A failure that lists nothing (a zone's {error, message}, or the agent's {code, message}) still says why.
    if (all.length === 0 && valid !== true && summary && ('error' in env || 'code' in env || valid === false))
      all.push({ message: summary.value });
  }
  if (valid === undefined && all.length > 0) valid = false;
  const specWide = all.filter((p) => p.nodeId === undefined && p.path === undefined);
  const placed = all.filter((p) => p.nodeId !== undefined || p.path !== undefined);
  return { specWide, placed, valid };
}

/**
 * Ranges in the text for each problem: a node-keyed problem marks the node's id; a path-keyed one
 * the value at the path (a node's id when the path is a whole node, the key when it is a list or
 * object, the enclosing node's id when the path's end is missing). Unplaceable ones come back without start.
 */
export function placeProblems(text: string, problems: SpecProblem[]): SpecProblem[] {
  const parsed = parseSpec(text);
  return problems.map((p) => {
    const range = p.path ? resolvePath(parsed, p.path) : undefined;
    if (range) {
      const nodeId = p.nodeId ?? nodeAtOffset(parsed.locations, range.start) ?? undefined;
      return nodeId !== undefined ? { ...p, nodeId, ...range } : { ...p, ...range };
    }
    const at = p.nodeId !== undefined ? parsed.locations.get(p.nodeId) : undefined;
    return at ? { ...p, start: at.idStart ?? at.start, end: at.idEnd ?? at.end } : p;
  });
}
