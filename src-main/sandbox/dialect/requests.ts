/**
 * The request translator: before a handler runs, a strict (seeded) zone renames the fields and
 * query parameters it names its own way to the standard names the handler reads, and refuses a
 * request that uses another name (the standard one included) with 400 (query) or 422 (body) in
 * its own error shape, naming what it expected, as a real zone would. Raw-text file writes become
 * the standard JSON body here too. Errors the handler throws name its own way as well (`renames`).
 */
import type { SandboxRequest, SandboxResponse } from '../core/types';
import { refusal, wantsText } from './errors';
import { seqOfEventId } from './lines';
import { areaOf, POINTS, SCOPE_AREAS, type Choices, type DialectSpec, type Point } from './points';
import { idName, isRec, type Rec } from './records';

/** One field whose name the dialect decides: the standard name, the dialect's, and the names a client might send. */
interface Word {
  place: 'body' | 'query';
  std: string;
  name: (ch: Choices) => string;
  alts: readonly string[];
}

const byPoint = (place: Word['place'], std: string, point: Point): Word => ({
  place,
  std,
  name: (ch) => ch[point],
  alts: POINTS[point],
});

const NAME = byPoint('body', 'name', 'name');
const DESCRIPTION = byPoint('body', 'description', 'description');
const DRAFT = byPoint('body', 'draft_spec', 'draftField');
const FILE_PATH: Word = byPoint('body', 'path', 'filePath');
const FILE_QUERY: Word = byPoint('query', 'path', 'filePath');
const CONTENT: Word = {
  place: 'body',
  std: 'content',
  name: (ch) => (ch.fileWrite === 'json_text' ? 'text' : 'content'),
  alts: ['content', 'text', 'body'],
};
const CASE_ID: Word = { place: 'body', std: 'id', name: (ch) => idName(ch, 'case'), alts: ['id', 'uuid', 'case_id'] };

const WORDS: Readonly<Record<string, readonly Word[]>> = {
  'skills.create': [NAME, DESCRIPTION],
  'skills.update': [NAME, DESCRIPTION],
  'skills.files.put': [FILE_PATH, CONTENT],
  'skills.files.delete': [FILE_QUERY],
  'skills.files.content': [FILE_QUERY],
  'workflows.create': [NAME, DESCRIPTION, DRAFT],
  'workflows.update': [NAME, DESCRIPTION, DRAFT],
  'workflows.validate': [{ ...DRAFT, std: 'spec' }],
  'workflows.deploy': [byPoint('body', 'version', 'canaryVersion')],
  'workflows.canary.start': [byPoint('body', 'version', 'canaryVersion'), byPoint('body', 'weight', 'weight')],
  'workflows.evals.put': [
    CASE_ID,
    NAME,
    byPoint('body', 'kind', 'evalKind'),
    byPoint('body', 'expected', 'evalExpected'),
  ],
  'workflows.evals.run': [byPoint('body', 'target', 'evalTarget')],
  'workflows.run': [byPoint('body', 'input', 'runInput')],
  'workspaces.create': [NAME, byPoint('body', 'template', 'template')],
  'workspaces.rename': [NAME],
  'workspaces.chats.create': [byPoint('body', 'prompt', 'chatPrompt')],
  'kubernetes.create': [NAME, byPoint('body', 'workers', 'workers')],
  'kubernetes.update': [NAME, byPoint('body', 'workers', 'workers')],
};

function wordsOf(routeId: string): readonly Word[] {
  return (
    WORDS[routeId] ?? (/^(containers|microvms|publicIps|vpnGateways)\.(create|update)$/.test(routeId) ? [NAME] : [])
  );
}

export interface Translated {
  /** The request under the standard names, or a refusal to send instead. */
  req?: SandboxRequest;
  refuse?: SandboxResponse;
  /** Standard name -> the dialect's, for errors the handler throws. */
  renames: Record<string, string>;
}

type Bag = { has(k: string): boolean; get(k: string): unknown; set(k: string, v: unknown): void; del(k: string): void };

const bagOf = (o: Rec): Bag => ({
  has: (k) => k in o,
  get: (k) => o[k],
  set: (k, v) => void (o[k] = v),
  del: (k) => void delete o[k],
});

const bagOfQuery = (q: URLSearchParams): Bag => ({
  has: (k) => q.has(k),
  get: (k) => q.get(k),
  set: (k, v) => q.set(k, String(v)),
  del: (k) => q.delete(k),
});

/** Renames one word in place; returns the name to refuse with when the request used another name. */
function translate(w: Word, bag: Bag, ch: Choices): string | undefined {
  const want = w.name(ch);
  const other = w.alts.find((a) => a !== want && bag.has(a));
  if (want !== w.std && bag.has(want)) {
    const v = bag.get(want);
    bag.del(want);
    if (other) bag.del(other);
    bag.set(w.std, v);
    return undefined;
  }
  return other && !bag.has(want) ? other : undefined;
}

/** A decision however the client said it (a boolean, or approve/reject and their usual forms). */
function decisionOf(v: unknown): 'approve' | 'reject' | undefined {
  const w = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (w === true || w === 'approve' || w === 'approved' || w === 'true' || w === 'yes') return 'approve';
  if (w === false || w === 'reject' || w === 'rejected' || w === 'false' || w === 'no') return 'reject';
  return undefined;
}

/** The approval body: `{decision}` (standard), `{approved: bool}` or `{action}`; returns the name to refuse with. */
function approval(body: Rec, ch: Choices): string | undefined {
  if (ch.approval === 'decision') return 'action' in body || 'approved' in body ? 'decision' : undefined;
  const decision = decisionOf(body[ch.approval]);
  if (!decision) return ch.approval;
  delete body[ch.approval];
  body.decision = decision;
  return undefined;
}

function configVars(body: unknown, ch: Choices): { body?: unknown; refuse?: string } {
  if (ch.configVars !== 'list') return { body };
  if (!isRec(body) || !Array.isArray(body.vars)) return { refuse: 'vars' };
  const map: Rec = {};
  for (const e of body.vars) if (isRec(e) && typeof e.key === 'string') map[e.key] = e.value;
  return { body: { config_vars: map } };
}

/**
 * Raw-text writes: the body is the file (whatever it looks like, JSON text included), the path a
 * query parameter; a body sent as JSON is refused (415).
 */
function rawFile(req: SandboxRequest, ch: Choices): { body?: Rec; refuse?: SandboxResponse } {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('json') || (type === '' && isRec(req.body))) return { refuse: wantsText(ch) };
  const q = new URLSearchParams(req.query);
  const other = translate(FILE_QUERY, bagOfQuery(q), ch);
  if (other || !q.has('path')) return { refuse: refusal(ch, 'query', [ch.filePath]) };
  return { body: { path: q.get('path'), content: req.rawBody.toString('utf8') } };
}

export function translateRequest(req: SandboxRequest, spec: DialectSpec): Translated {
  const ch = spec.choices;
  const renames: Record<string, string> = {};
  if (!spec.strict || !SCOPE_AREAS[spec.scope].has(areaOf(req.routeId))) return { req, renames };
  const out: SandboxRequest = { ...req, query: new URLSearchParams(req.query) };
  if (req.routeId === 'workflowRuns.stream') {
    const last = req.headers['last-event-id'];
    const raw = Array.isArray(last) ? last[0] : last;
    if (raw !== undefined) out.headers = { ...req.headers, 'last-event-id': String(seqOfEventId(ch, raw)) };
    return { req: out, renames };
  }
  if (req.routeId === 'skills.files.put' && ch.fileWrite === 'raw') {
    const r = rawFile(req, ch);
    if (r.refuse) return { refuse: r.refuse, renames };
    return { req: { ...out, body: r.body }, renames: { path: ch.filePath } };
  }
  const body: Rec | undefined = isRec(req.body) ? { ...req.body } : undefined;
  const refused: { body: string[]; query: string[] } = { body: [], query: [] };
  for (const w of wordsOf(req.routeId)) {
    renames[w.std] = w.name(ch);
    const bag = w.place === 'query' ? bagOfQuery(out.query) : body ? bagOf(body) : undefined;
    const other = bag ? translate(w, bag, ch) : undefined;
    if (other) refused[w.place].push(w.name(ch));
  }
  let next: unknown = body ?? req.body;
  if (req.routeId === 'workflowRuns.approvals') {
    renames.decision = ch.approval;
    const b = body ?? {};
    const want = approval(b, ch);
    if (want) refused.body.push(want);
    next = b;
  }
  if (/\.configVars\.replace$/.test(req.routeId)) {
    const r = configVars(req.body, ch);
    if (r.refuse) refused.body.push(r.refuse);
    next = r.body;
  }
  if (refused.query.length) return { refuse: refusal(ch, 'query', refused.query), renames };
  if (refused.body.length) return { refuse: refusal(ch, 'body', refused.body), renames };
  return { req: { ...out, body: next }, renames };
}
