/**
 * A workflow run's state word and step trail read in any zone's words, for the window's run view
 * and the command line alike (one reader, not two). The spec says only that a run has "a step
 * trail"; the trail's key, a step's node key and its state word are each known by the names zones
 * give them, a word one level down ({status: {phase}}) and a map of node → step read too.
 */
import { isRecord, pick, type Raw } from './tolerant';

/** A field by role and the names zones give it (the renderer's shapes/words FieldWords has this shape). */
export interface RunFieldNames {
  readonly role: string;
  readonly names: readonly string[];
}

const f = (role: string, ...names: string[]): RunFieldNames => ({ role, names });

export const RUN_STATUS = f('run.status', 'status', 'state', 'phase', 'run_status', 'runStatus');
export const STEPS = f(
  'run.steps',
  'steps',
  'trail',
  'step_trail',
  'stepTrail',
  'nodes',
  'node_runs',
  'executions',
  'tasks',
);
export const STEP_NODE = f('step.node', 'node_id', 'nodeId', 'node', 'step_id', 'stepId', 'id', 'name', 'key');
export const STEP_STATUS = f('step.status', 'status', 'state', 'phase', 'result', 'outcome');

const flat = (k: string) => k.replace(/[-_]/g, '').toLowerCase();

/** The value under the first of `names` the record holds: as written, else in another letter case (`Steps`, `NodeId`). */
function under(rec: Raw, names: readonly string[]): unknown {
  const n = names.find((k) => rec[k] !== undefined);
  if (n !== undefined) return rec[n];
  const keys = Object.keys(rec).slice(0, 200);
  for (const name of names) {
    const k = keys.find((key) => rec[key] !== undefined && flat(key) === flat(name));
    if (k !== undefined) return rec[k];
  }
  return undefined;
}

function valueIn(rec: unknown, field: RunFieldNames): unknown {
  return isRecord(rec) ? under(rec, field.names) : undefined;
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** Where a word one level down sits. */
const INNER_WORD = ['state', 'status', 'phase', 'value', 'name'];

/** A word under `field`, or one level down ({status: {phase}}, EC2's {State: {Name}}). */
function wordIn(rec: unknown, field: RunFieldNames): string | undefined {
  const v = valueIn(rec, field);
  if (isRecord(v)) return pick(v, 'state', 'status', 'phase', 'value', 'name') ?? str(under(v, INNER_WORD));
  return str(v);
}

export const runStatusOf = (rec: unknown): string | undefined => wordIn(rec, RUN_STATUS);
export const stepStatusWordOf = (step: unknown): string | undefined => wordIn(step, STEP_STATUS);

/** The step records, under whichever key the zone used; a map of node → step is read too. */
export function stepsOf(rec: unknown): Raw[] {
  const v = valueIn(rec, STEPS);
  if (Array.isArray(v)) return v.filter(isRecord);
  if (isRecord(v)) {
    return Object.entries(v)
      .filter(([, s]) => isRecord(s) || typeof s === 'string')
      .map(([k, s]) =>
        isRecord(s) ? (valueIn(s, STEP_NODE) !== undefined ? s : { node_id: k, ...s }) : { node_id: k, status: s },
      );
  }
  return [];
}

/** The node a step (or event payload) speaks of: a key, or a nested {node: {id}} record. */
export function stepNodeOf(step: unknown): string | undefined {
  const v = valueIn(step, STEP_NODE);
  if (isRecord(v)) return str(valueIn(v, STEP_NODE));
  return str(v);
}
