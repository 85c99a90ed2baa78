/**
 * What the rollout engine reads off a zone's workflow records. The draft, a version's number and
 * frozen spec, and the runners' versions are the contract's one reading (contract/shapes/: the
 * window's shapes read by the same code), put in the engine's terms here; an eval suite's verdict
 * and the runs of a soak are read here, by value where the spec says "not shown". A fact the
 * record does not show is undefined: the engine then asks the zone again or pauses.
 */
import { readDeployment } from '../../contract/shapes/workflow-deployment';
import { num, publishedVersionOf, readDraft } from '../../contract/shapes/workflow-draft';
import { workflowRecordView } from '../../contract/shapes/workflow-spec-words';
import { classify } from '../../contract/state-vocabulary';
import { isRecord, listOf, pick, type Raw } from '../../contract/tolerant';

export { canonSpec, DRAFT_NAMES } from '../../contract/shapes/workflow-draft';

/** The record a reply carries: itself, or one under data/workflow/result. */
export function recordOf(reply: unknown): Raw | undefined {
  if (!isRecord(reply)) return undefined;
  for (const k of ['workflow', 'data', 'result']) if (isRecord(reply[k])) return reply[k] as Raw;
  return reply;
}

export interface DraftAt {
  spec: unknown;
  /** The field that holds it, and whether the zone keeps it as JSON text. */
  name: string;
  asText: boolean;
}

/** Where a record keeps its spec (a draft, or a version's frozen one); undefined when none is found. */
export function draftOf(rec: unknown): DraftAt | undefined {
  const r = readDraft(rec);
  return r.found ? { spec: r.spec, name: r.name, asText: r.asText } : undefined;
}

export interface Runners {
  primary: number | undefined;
  canary: number | undefined;
  /** The record positively shows the deployment (so an absent primary means none). */
  shown: boolean;
}

const VERSION_KEYS = ['version', 'pinned_version', 'version_number', 'versionNumber', 'target_version'];

/** A suite's or a run's version: a number, or a record's version field. */
function runnerVersion(v: unknown): number | undefined {
  const n = num(v);
  if (n !== undefined || !isRecord(v)) return n;
  for (const k of VERSION_KEYS) if (num(v[k]) !== undefined) return num(v[k]);
  return undefined;
}

/** The primary's and the canary's versions, read as the window reads a deployment. */
export function runnersOf(rec: unknown): Runners {
  if (!isRecord(rec)) return { primary: undefined, canary: undefined, shown: false };
  const d = readDeployment(workflowRecordView(rec));
  return { primary: d.primary?.version, canary: d.canary?.version, shown: d.state !== 'unknown' };
}

/** A version record's number: its version field, else its one small whole number. */
export const versionNumberOf = publishedVersionOf;

export interface SuiteVerdict {
  id?: string;
  version?: number;
  target?: string;
  /** The zone has given its verdict (a flag, a finished word, cases judged); else it is under way. */
  decided: boolean;
  passed: boolean;
  /** The failed cases' reasons, as the zone wrote them. */
  failures: string[];
}

const FLAG_KEYS = ['passed', 'pass', 'ok', 'success'];
const wordOf = (r: Raw) => pick(r, 'verdict', 'result', 'status', 'state', 'outcome');

/** Passed only when the zone says so: a true flag, or a success word. */
function passedOf(r: Raw): boolean {
  for (const k of FLAG_KEYS) if (typeof r[k] === 'boolean') return r[k];
  return /^(pass|passed|ok|success|succeeded)$/i.test(wordOf(r) ?? '');
}

/** The zone has judged: a pass/fail flag, a word of a finished run, or cases judged. */
function decidedOf(r: Raw, cases: unknown[] | undefined): boolean {
  if (FLAG_KEYS.some((k) => typeof r[k] === 'boolean')) return true;
  const state = classify(wordOf(r), 'run');
  if (state === 'progress') return false;
  return state === 'settled' || state === 'failed' || (cases?.length ?? 0) > 0;
}

export function suiteOf(rec: unknown): SuiteVerdict | undefined {
  const r = recordOf(rec);
  if (!r) return undefined;
  const list = ['verdicts', 'results', 'cases', 'items'].map((k) => r[k]).find(Array.isArray) as unknown[] | undefined;
  const failures = (list ?? [])
    .filter(isRecord)
    .filter((v) => !passedOf(v))
    .map((v) => pick(v, 'reason', 'message', 'explanation') ?? 'a case did not pass')
    .slice(0, 10);
  const id = pick(r, 'id', 'uuid', 'suite_id', 'uid');
  const version = runnerVersion(r);
  const target = pick(r, 'target', 'runner', 'against', 'track');
  return {
    decided: decidedOf(r, list),
    passed: passedOf(r),
    failures,
    ...(id ? { id } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(target ? { target } : {}),
  };
}

export function suitesOf(reply: unknown): SuiteVerdict[] {
  return listOf(reply).flatMap((r) => suiteOf(r) ?? []);
}

export interface RunFact {
  version?: number;
  /** settled (succeeded), failed, progress, or neutral (a word the vocabulary does not know). */
  state: ReturnType<typeof classify>;
  word?: string;
  error?: string;
  createdAt?: number;
}

const TIME_KEYS = ['created_at', 'createdAt', 'createTime', 'started_at', 'created'];

function timeMs(v: unknown): number | undefined {
  if (typeof v === 'number') return v < 1e11 ? v * 1000 : v;
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return Date.parse(v);
  return undefined;
}

export function runsOf(reply: unknown): RunFact[] {
  return listOf(reply).map((r) => {
    const word = pick(r, 'status', 'state', 'phase', 'run_status', 'runStatus', 'result');
    const version = runnerVersion(r);
    const createdAt = TIME_KEYS.map((k) => timeMs(r[k])).find((t) => t !== undefined);
    const error = pick(r, 'error', 'message', 'reason');
    return {
      state: classify(word, 'run'),
      ...(word ? { word } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(error ? { error } : {}),
      ...(createdAt !== undefined ? { createdAt } : {}),
    };
  });
}
