/**
 * A workflow's deployment in the window's words: read by the contract's one reader (the agent's
 * rollouts read it too: @contract/shapes/workflow-deployment.ts), said in words here, the actions
 * the record leaves open, and the bodies of deploy and canary start in the runner's own words.
 */
import type { WordChoice } from '@contract/zone-words';
import {
  CANARY_KEYS,
  CANARY_WEIGHT_KEYS,
  CONTAINER_KEYS,
  PRIMARY_KEYS,
  RUNNER_VERSION_NAMES,
  RUNNER_WEIGHT_NAMES,
  type Deployment,
} from '@contract/shapes/workflow-deployment';
import { field, namesOf, worded, type Worded } from '../../../shapes/words';

export {
  readDeployment,
  type Deployment,
  type DeploymentState,
  type RunnerInfo,
} from '@contract/shapes/workflow-deployment';

export const RUNNER_VERSION = field('runner.version', ...RUNNER_VERSION_NAMES);
export const RUNNER_WEIGHT = field('canary.weight', ...RUNNER_WEIGHT_NAMES);

/** "Deployed v3 · canary v4 at 20 %", "Not deployed", or that the zone does not show it. */
export function deploymentWords(of: Deployment | { deployment: Deployment }): string {
  const d = 'deployment' in of ? of.deployment : of;
  if (d.state === 'unknown') return 'Deployment: not shown by this zone';
  if (d.state === 'undeployed' || !d.primary) return 'Not deployed';
  const p = d.primary.version !== undefined ? `Deployed v${d.primary.version}` : 'Deployed';
  if (!d.canary) return p;
  const c = d.canary.version !== undefined ? `v${d.canary.version}` : '';
  return `${p} · canary ${c}${d.canary.weight !== undefined ? ` at ${d.canary.weight} %` : ''}`.replace('  ', ' ');
}

/** What the record positively rules out; everything else is offered and the zone's refusal shown. */
export function deploymentOffers(d: Deployment) {
  return {
    undeploy: d.state !== 'undeployed',
    canary: d.state !== 'undeployed',
    promoteOrStop: !(d.canaryKnown && !d.canary),
  };
}

/** Words for fields whose names come from another kind of record (the runner, not the request): preferred, not firm. */
function loose(w: Worded): Worded {
  const words: Record<string, WordChoice> = {};
  for (const [k, c] of Object.entries(w.words)) words[k] = { role: c.role, ...(c.alts ? { alts: c.alts } : {}) };
  return { values: w.values, words };
}

const DEPLOY_VERSION = field('deploy.version', 'version', 'version_number');
const CANARY_VERSION = field('canary.version', 'version', 'canary_version', 'pinned_version', 'version_number');

/** Deploy's body: the version (when one was picked) under the primary runner's own name for it. */
export function deployBody(version: number | undefined, d: Deployment): Worded {
  return loose(worded([[DEPLOY_VERSION, version]], d.primary?.raw));
}

/**
 * Canary start/reweight body: version and weight under the names the canary runner's record uses.
 * With no canary yet, the version goes under the key the primary runner's version was read under
 * by value (a zone in names of its own, `b3u`): firm, so a refusal's other name goes to the weight.
 */
export function canaryBody(version: number, weight: number, d: Deployment): Worded {
  const sibling = d.canary?.raw ? undefined : d.primary?.versionKey;
  const versionField = sibling
    ? { role: CANARY_VERSION.role, names: [sibling, ...CANARY_VERSION.names] }
    : CANARY_VERSION;
  const w = loose(
    worded(
      [
        [versionField, version],
        [RUNNER_WEIGHT, Math.round(weight)],
      ],
      d.canary?.raw,
    ),
  );
  const taught = sibling && w.words[sibling];
  return taught ? { values: w.values, words: { ...w.words, [sibling]: { ...taught, firm: true } } } : w;
}

export const DEPLOYMENT_FIELDS = new Set([
  ...PRIMARY_KEYS,
  ...CANARY_KEYS,
  ...CANARY_WEIGHT_KEYS,
  ...CONTAINER_KEYS,
  'deployed',
  ...namesOf(RUNNER_VERSION, RUNNER_WEIGHT),
]);
