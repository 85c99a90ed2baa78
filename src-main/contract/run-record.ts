/**
 * A workflow run read in any zone's words: its id, its state word and its step trail. The usual
 * names first (run-steps.ts, in any letter case: `Steps`, `NodeId`), the zone's dictionary for the
 * run kind next (a person's choice holds), and the values last: the trail is the list of records
 * whose items carry a run state word, a step's node the field whose values are the executed spec's
 * node ids. Where two fields tie for the id, the one holding an id the caller already knows (the
 * workflow's: a reference, not the run's own) is set aside; a tie left is said, never guessed.
 */
import { isRecord, type Raw } from './tolerant';
import { classify } from './state-vocabulary';
import {
  RUN_STATUS,
  STEP_NODE,
  STEP_STATUS,
  STEPS,
  stepNodeOf,
  stepsOf,
  stepStatusWordOf,
  type RunFieldNames,
} from './run-steps';
import type { ZoneDictionary } from './dictionary/dictionary-types';
import { kindReader, pathText, valueAt, zoneKindReader, type KindReader } from './dictionary/kind-reader';
import { scalarText } from './dictionary/value-shapes';

export interface RunStep {
  node: string;
  word: string;
}

/** A reply's run and how to read it; `fields` are the candidates when its id could not be told. */
export interface RunRead {
  record: Raw;
  id: string | undefined;
  /** The fields that tied for the id (as paths), when `id` is undefined. */
  tied: string[];
  status: string | undefined;
  steps: RunStep[];
}

/** Bounded: a zone's reply is untrusted. */
const MAX_STEPS = 500;
const MAX_KEYS = 200;

const flat = (k: string) => k.replace(/[-_]/g, '').toLowerCase();

/** The key of `rec` that is one of `field`'s names in any letter-case style, the first name first. */
function keyOf(rec: Raw, field: RunFieldNames): string | undefined {
  const keys = Object.keys(rec).slice(0, MAX_KEYS);
  for (const n of field.names) {
    const k = keys.find((key) => rec[key] !== undefined && flat(key) === flat(n));
    if (k !== undefined) return k;
  }
  return undefined;
}

const isRunWord = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 40 && classify(v, 'run') !== 'neutral';

/** A word at `key`, or one level down ({State: {Name}}, {status: {phase}}) where it is a run word. */
function wordAt(rec: Raw, key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  const v = rec[key];
  if (isRunWord(v)) return v;
  if (isRecord(v)) return Object.values(v).slice(0, MAX_KEYS).find(isRunWord);
  return undefined;
}

/** The run in a reply: the reply, or the one record an envelope wraps ({data: {…}}) that reads as a run. */
function runRecordOf(reply: unknown, dict: ZoneDictionary | undefined): Raw {
  if (!isRecord(reply)) return {};
  if (zoneKindReader(dict, [reply], 'run').paths.state || wordAt(reply, keyOf(reply, RUN_STATUS))) return reply;
  const inner = Object.values(reply)
    .slice(0, MAX_KEYS)
    .filter(isRecord)
    .filter((r) => zoneKindReader(dict, [r], 'run').paths.state);
  return inner.length === 1 ? inner[0]! : reply;
}

/** The records a run keeps its own fields in: itself, and its nested records (`spec`, `status`, `attributes`). */
function homes(run: Raw): Raw[] {
  return [
    run,
    ...Object.values(run)
      .slice(0, MAX_KEYS)
      .filter((v): v is Raw => isRecord(v)),
  ];
}

/** The trail: under a usual name, else the list whose items carry run words (nested records looked into). */
function trailOf(run: Raw): Raw[] {
  // A list of steps says where each one is (a run word); the executed spec's `nodes` do not.
  const steps = (v: unknown): v is Raw[] =>
    Array.isArray(v) && v.length > 0 && v.slice(0, MAX_STEPS).every((s) => isRecord(s) && stepWords(s));
  for (const home of homes(run)) {
    const k = keyOf(home, STEPS);
    if (k !== undefined && steps(home[k])) return home[k];
  }
  for (const home of homes(run)) for (const v of Object.values(home).slice(0, MAX_KEYS)) if (steps(v)) return v;
  return [];
}

/** Whether a step record holds a run word (a step not reached yet may hold null instead). */
function stepWords(s: Raw): boolean {
  return Object.values(s)
    .slice(0, MAX_KEYS)
    .some((v) => v === null || isRunWord(v) || (isRecord(v) && Object.values(v).some(isRunWord)));
}

/** Every `id` of a record in a list of records within the run (the executed spec's nodes), bounded. */
function specNodeIds(run: Raw, trail: readonly Raw[]): Set<string> {
  const out = new Set<string>();
  const stack: [unknown, number][] = [[run, 0]];
  for (let seen = 0; stack.length && seen < 5000; seen++) {
    const [v, depth] = stack.pop()!;
    if (depth > 4 || v === trail) continue;
    if (Array.isArray(v))
      for (const item of v.slice(0, MAX_STEPS)) {
        if (isRecord(item) && typeof item.id === 'string') out.add(item.id);
        stack.push([item, depth + 1]);
      }
    else if (isRecord(v)) for (const inner of Object.values(v).slice(0, MAX_KEYS)) stack.push([inner, depth + 1]);
  }
  return out;
}

/** The step field naming the node: a usual name, else the field whose values are all spec node ids. */
function nodeKeyOf(trail: readonly Raw[], nodes: ReadonlySet<string>): string | undefined {
  const first = trail[0];
  if (!first) return undefined;
  const named = keyOf(first, STEP_NODE);
  if (named !== undefined) return named;
  const keys = Object.keys(first).slice(0, MAX_KEYS);
  const fits = keys.filter((k) => trail.every((s) => typeof s[k] === 'string' && nodes.has(s[k])));
  return fits.length === 1 ? fits[0] : undefined;
}

function statusKeyOf(trail: readonly Raw[]): string | undefined {
  const first = trail[0];
  if (!first) return undefined;
  const named = keyOf(first, STEP_STATUS);
  if (named !== undefined && trail.some((s) => wordAt(s, named))) return named;
  // A step not yet reached may hold nothing there yet (null): the field is the one whose values are words.
  const keys = Object.keys(first).slice(0, MAX_KEYS);
  const said = (s: Raw, k: string) => s[k] === null || s[k] === undefined || wordAt(s, k) !== undefined;
  return keys.find((k) => trail.some((s) => wordAt(s, k)) && trail.every((s) => said(s, k)));
}

/**
 * The steps, one per trail item: its node (its place in the trail when none is told) and its word.
 * The window's reader first (a trail under a usual name, a map of node → step), then this one's.
 */
export function runStepsOf(run: unknown): RunStep[] {
  if (!isRecord(run)) return [];
  const usual = stepsOf(run);
  const trail = (usual.length ? usual : trailOf(run)).slice(0, MAX_STEPS);
  const nodeKey = nodeKeyOf(trail, specNodeIds(run, trail));
  const wordKey = statusKeyOf(trail);
  return trail.map((s, i) => ({
    node: stepNodeOf(s) ?? (nodeKey !== undefined ? scalarText(s[nodeKey]) : undefined) ?? `step ${i + 1}`,
    word: stepStatusWordOf(s) ?? wordAt(s, wordKey) ?? '?',
  }));
}

/**
 * The run's id by the reader, else the one tied field not holding an id the caller named (`known`).
 * A field the reader took by the zone's habit (its workflows' `WorkflowId` beside a run's
 * `WorkflowRunId`) that holds a known id is set aside the same way: a reference, not the run's own.
 */
function idOf(reader: KindReader, run: Raw, known: readonly string[]): { id?: string; tied: string[] } {
  const id = reader.id(run);
  if (id && !known.includes(id)) return { id, tied: [] };
  const tied = (id ? kindReader(undefined, [run], 'run').unsure.id : reader.unsure.id) ?? [];
  const own = tied.filter((p) => {
    const v = scalarText(valueAt(run, p));
    return v !== undefined && !known.includes(v);
  });
  if (own.length === 1) return { id: scalarText(valueAt(run, own[0]!)), tied: [] };
  return { tied: tied.map(pathText) };
}

/**
 * Reads a run (a start reply, a re-read) in the zone's words. `reader` is the zone's run reader
 * when the caller has one (kept across re-reads, so the fields chosen at the start hold);
 * `known` are ids that are not the run's (its workflow's).
 */
export function readRun(
  reply: unknown,
  dict: ZoneDictionary | undefined,
  known: readonly string[] = [],
  reader?: KindReader,
): RunRead & { reader: KindReader } {
  const record = runRecordOf(reply, dict);
  const r = reader ?? zoneKindReader(dict, [record], 'run');
  const { id, tied } = idOf(r, record, known);
  const status = r.state(record) ?? wordAt(record, keyOf(record, RUN_STATUS));
  return { record, id, tied, status, steps: runStepsOf(record), reader: r };
}
