/**
 * Roll back one zone of a rollout: a canary of the rollout's version is stopped; a version the
 * rollout promoted or deployed is replaced by the one that ran before (deployed again). Read first,
 * so a zone already back where it was gets no write; the zone decides, and a refusal is the answer.
 */
import type { TargetProgress } from '../../contract/commands-rollouts';
import { runnersOf } from './workflow-facts';
import type { ZoneCalls } from './zone-calls';

/** What was done, in words (for the journal and the card). */
export async function rollBack(calls: ZoneCalls, t: TargetProgress): Promise<string> {
  const id = t.workflowId;
  if (!id || t.version === undefined) return `Nothing of this rollout reached ${calls.zoneName}.`;
  const runners = runnersOf(await calls.workflow(id));
  if (runners.canary === t.version) {
    await calls.stopCanary(id);
    return `Stopped the canary of v${t.version} in ${calls.zoneName}.`;
  }
  if (runners.primary === t.version && typeof t.previousPrimary === 'number') {
    await calls.deploy(id, t.previousPrimary);
    return `Deployed v${t.previousPrimary} again in ${calls.zoneName}, in place of v${t.version}.`;
  }
  if (runners.primary === t.version)
    return `v${t.version} was the first version to run in ${calls.zoneName}: nothing ran before it.`;
  return `v${t.version} does not run in ${calls.zoneName}: nothing to undo.`;
}
