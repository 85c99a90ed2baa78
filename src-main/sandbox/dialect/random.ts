/**
 * `random:N`: a seeded zone (envelope, times, state words, statuses … as `seed:N`) whose every open
 * key, in replies and in requests, is a seeded random identifier (random-names.ts), values
 * unchanged. Requests are mapped back to standard names before the seeded layer and the handler
 * run; a request that uses another name is, per zone, refused naming the zone's names (strict) or
 * has that field dropped (lenient, like most JSON APIs). Errors come in one of nine public styles.
 */
import type { SandboxRequest, SandboxResponse } from '../core/types';
import { HttpError } from '../core/types';
import type { Edge, Next } from './edge';
import { ERROR_STYLES, styledError, styledRefusal, type ErrorStyle, type Place } from './error-styles';
import { recode } from './errors';
import { areaOf, POINTS, type Choices, type DialectSpec, type Point } from './points';
import { isRec, type Rec } from './records';
import { draws, KeyMap } from './random-names';
import { FIXED_KEYS, inRandomScope, isFixed, OPAQUE_KEYS, RANDOM_AREAS } from './random-scope';
import { renamed, renamedBody } from './renamed';

/** Points that only rename a field (the random names cover them) or reshape a request: kept standard. */
const KEPT_STANDARD: readonly Point[] = [
  'id',
  'name',
  'description',
  'stateField',
  'workers',
  'filePath',
  'draftField',
  'weight',
  'canaryVersion',
  'evalKind',
  'evalExpected',
  'evalTarget',
  'runInput',
  'steps',
  'stepKey',
  'webhookSecret',
  'template',
  'cmsOutput',
  'chatPrompt',
  'approval',
  'configVars',
  'fileWrite',
];

/** Keys of list envelopes (said by the seeded layer), never renamed: the records inside are. */
const ENVELOPE = new Set(['items', 'data', 'results', 'next', 'next_before', 'cursor', 'next_cursor']);

export interface Renaming {
  readonly policy: 'strict' | 'lenient';
  readonly errorStyle: ErrorStyle;
  readonly keys: KeyMap;
}

/** The zone's names for a reply's records: every key but the fixed ones, user data kept whole. */
export function renameDeep(v: unknown, routeId: string, keys: KeyMap): unknown {
  if (Array.isArray(v)) return v.map((x) => renameDeep(x, routeId, keys));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    out[isFixed(routeId, k) ? k : keys.nameOf(k)] = OPAQUE_KEYS.has(k) ? x : renameDeep(x, routeId, keys);
  }
  return out;
}

/** A reply body: a list's envelope keeps its keys (and the plural, the path's last word), its records are renamed. */
export function renameReply(json: unknown, routeId: string, path: string, keys: KeyMap): unknown {
  if (!isRec(json)) return renameDeep(json, routeId, keys);
  const plural = (path.split('/').filter(Boolean).at(-1) ?? '').replace(/-/g, '_');
  const isList = Object.entries(json).some(([k, x]) => (ENVELOPE.has(k) || k === plural) && Array.isArray(x));
  if (!isList) return renameDeep(json, routeId, keys);
  const out: Rec = {};
  for (const [k, x] of Object.entries(json)) {
    if (ENVELOPE.has(k) || k === plural) out[k] = Array.isArray(x) ? renameDeep(x, routeId, keys) : x;
    else out[keys.nameOf(k)] = renameDeep(x, routeId, keys);
  }
  return out;
}

/** A request body or query back in standard names; `wrong` lists the zone's names for standard ones used. */
export function unrename(v: unknown, routeId: string, keys: KeyMap, wrong: string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => unrename(x, routeId, keys, wrong));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    const std = keys.keyOf(k) ?? (isFixed(routeId, k) ? k : undefined);
    if (std !== undefined) out[std] = OPAQUE_KEYS.has(std) ? x : unrename(x, routeId, keys, wrong);
    else if (keys.isKey(k)) wrong.push(keys.nameOf(k));
    // Any other key is one this zone does not know: dropped, as a lenient JSON API does.
  }
  return out;
}

type Inward = { req: SandboxRequest } | { refuse: SandboxResponse };

function inward(req: SandboxRequest, r: Renaming): Inward {
  const wrong: Record<Place, string[]> = { body: [], query: [] };
  const query = new URLSearchParams();
  for (const [k, v] of req.query) {
    const std = r.keys.keyOf(k) ?? (isFixed(req.routeId, k) ? k : undefined);
    if (std !== undefined) query.append(std, v);
    else if (r.keys.isKey(k)) wrong.query.push(r.keys.nameOf(k));
  }
  const body = isRec(req.body) ? unrename(req.body, req.routeId, r.keys, wrong.body) : req.body;
  if (r.policy === 'strict') {
    if (wrong.query.length) return { refuse: styledRefusal(r.errorStyle, 'query', wrong.query) };
    if (wrong.body.length) return { refuse: styledRefusal(r.errorStyle, 'body', wrong.body) };
  }
  return { req: { ...req, query, body } };
}

/** Standard name → the zone's, for every key this route renames. */
function namesFor(routeId: string, r: Renaming): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.keys.toJSON())) if (!isFixed(routeId, k)) names[k] = v;
  return names;
}

function errorOut(routeId: string, err: HttpError, spec: DialectSpec, r: Renaming): SandboxResponse {
  let facts = { status: err.status, code: err.error, message: err.message, details: err.details };
  if (inRandomScope(routeId)) facts = renamed(facts, namesFor(routeId, r));
  facts = recode(routeId, facts, spec.choices);
  return { status: facts.status, json: styledError(r.errorStyle, facts) };
}

function edgeOf(r: Renaming, spec: () => DialectSpec): Edge {
  return {
    async run(routeId: string, req: SandboxRequest, next: Next) {
      if (!RANDOM_AREAS.has(areaOf(routeId))) return next(req);
      const scoped = inRandomScope(routeId);
      const t: Inward = scoped ? inward(req, r) : { req };
      if ('refuse' in t) return t.refuse;
      try {
        const reply = await next(t.req);
        if (!scoped || !('json' in reply)) return reply;
        // A refusal the seeded layer wrote is in its error shape: its keys stay, the fields it names are the zone's.
        if (reply.status >= 400) return { ...reply, json: renamedBody(reply.json, namesFor(routeId, r)) };
        return { ...reply, json: renameReply(reply.json, routeId, req.path, r.keys) };
      } catch (err) {
        if (err instanceof HttpError) return errorOut(routeId, err, spec(), r);
        throw err;
      }
    },
    describe: () => ({
      renaming: {
        policy: r.policy,
        error_style: r.errorStyle,
        fixed: [...FIXED_KEYS],
        map: r.keys.toJSON(),
      },
    }),
  };
}

/** The `random:N` dialect over the seeded spec of the same N. */
export function randomSpec(seed: number, seeded: DialectSpec): DialectSpec {
  const std = Object.fromEntries(KEPT_STANDARD.map((p) => [p, POINTS[p][0]]));
  const choices = { ...seeded.choices, ...std } as Choices;
  const pick = (n: number, salt: string) => Math.floor(draws(`${seed}\u0000${salt}`)() * n);
  const renaming: Renaming = {
    policy: pick(2, 'policy') === 0 ? 'strict' : 'lenient',
    errorStyle: ERROR_STYLES[pick(ERROR_STYLES.length, 'error-style')]!,
    keys: new KeyMap(seed),
  };
  const spec: DialectSpec = {
    name: `random:${seed}`,
    choices,
    scope: 'open',
    strict: true,
    edge: edgeOf(renaming, () => spec),
  };
  return spec;
}
