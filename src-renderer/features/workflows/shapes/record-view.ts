/**
 * A workflow-area record's fields as one view (shapes/record-view.ts): a box holding a workflow
 * spec (a standard version's `spec: {nodes, edges}`) is the spec, not the record's fields.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { isSpec } from '@contract/shapes/workflow-spec-words';

/** One view of the record's fields: the contract's, which the agent's rollouts read by too. */
export { workflowRecordView as recordView } from '@contract/shapes/workflow-spec-words';

/**
 * The record as a structure to write like: without a box that is a workflow spec (a run's executed
 * `spec: {nodes, …}`), which is a value of its own, never where a record keeps its fields.
 */
export function structureOf(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const out: Raw = {};
  for (const [k, v] of Object.entries(raw)) if (!(isRecord(v) && isSpec(v))) out[k] = v;
  return out;
}
