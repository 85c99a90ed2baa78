/**
 * A workflow's deployment in the zone's words: the primary runner and the canary beside it. The
 * spec names them (primary, canary, version, weight) but not the fields, so they are looked for
 * under the shapes zones use: a `deployment` record, `runners` as a record or a list of runners
 * each naming its role, `primary_runner`, `deployed_version`, `primary_version`, canary alike.
 * What the record does not show stays unknown: the zone decides, the app does not guess "not
 * deployed" from an absent field. Also the bodies of deploy and canary start.
 */
import { isRecord, pick, type Raw } from '@contract/tolerant';
import type { WordChoice } from '@contract/zone-words';
import { field, namesOf, worded, type Worded } from '../../../shapes/words';

export interface RunnerInfo {
  version?: number;
  /** Percent of new runs, for a canary. */
  weight?: number;
  state?: string;
  /** The runner's own record, when it has one (its field names teach a write). */
  raw?: Raw;
}

/** deployed: the record names a primary; undeployed: it positively says there is none; unknown: it does not say. */
export type DeploymentState = 'deployed' | 'undeployed' | 'unknown';

export interface Deployment {
  state: DeploymentState;
  primary?: RunnerInfo;
  canary?: RunnerInfo;
  /** The record says whether there is a canary (so its absence is positive). */
  canaryKnown: boolean;
}

const PRIMARY_KEYS = [
  'primary',
  'primary_runner',
  'primaryRunner',
  'deployed_version',
  'primary_version',
  'deployedVersion',
  'primaryVersion',
  'active_version',
];
const CANARY_KEYS = ['canary', 'canary_runner', 'canaryRunner', 'canary_version', 'canaryVersion'];
const CONTAINER_KEYS = ['deployment', 'runners', 'runtime'];
const ROLE_KEYS = ['role', 'kind', 'name', 'type', 'track', 'slot'];
export const RUNNER_VERSION = field('runner.version', 'version', 'pinned_version', 'version_number', 'versionNumber');
export const RUNNER_WEIGHT = field(
  'canary.weight',
  'weight',
  'weight_percent',
  'percent',
  'traffic',
  'traffic_percent',
);
/** A canary's weight given flat on the record: `canary_` before any of a runner's weight names (canary_weight_percent …). */
const CANARY_WEIGHT_KEYS = RUNNER_WEIGHT.names.flatMap((n) => [
  `canary_${n}`,
  `canary${n.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}`,
]);
const UNDEPLOYED_WORDS = /^(not[\s_-]?deployed|undeployed|none|absent|inactive|stopped)$/i;
const DEPLOYED_WORDS = /^(deployed|active|running|live|ready|up)$/i;

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^v?\d+(\.\d+)?$/i.test(v.trim())) return Number(v.trim().replace(/^v/i, ''));
  return undefined;
}

function firstNum(raw: Raw, names: readonly string[]): number | undefined {
  for (const k of names) {
    const n = num(raw[k]);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** A runner given as a record ({version, weight, status}), a bare version number, or absent (null/false/""). */
function runnerOf(v: unknown): RunnerInfo | undefined {
  if (v === null || v === undefined || v === false || v === '') return undefined;
  const n = num(v);
  if (n !== undefined) return { version: n };
  if (v === true) return {};
  if (!isRecord(v)) return undefined;
  const version = firstNum(v, RUNNER_VERSION.names);
  const weight = firstNum(v, RUNNER_WEIGHT.names);
  const state = pick(v, 'status', 'state');
  if (state && UNDEPLOYED_WORDS.test(state) && version === undefined) return undefined;
  return {
    ...(version !== undefined ? { version } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(state ? { state } : {}),
    raw: v,
  };
}

/** A runner list entry's role: primary or canary, by any of the words zones use for it. */
function roleOf(r: Raw): 'primary' | 'canary' | undefined {
  for (const k of ROLE_KEYS) {
    const v = typeof r[k] === 'string' ? (r[k] as string).toLowerCase() : '';
    if (/^(primary|main|stable|production|prod)$/.test(v)) return 'primary';
    if (/^canary$/.test(v)) return 'canary';
  }
  if (r.canary === true || r.is_canary === true) return 'canary';
  if (r.primary === true || r.is_primary === true) return 'primary';
  return undefined;
}

const has = (rec: Raw, keys: readonly string[]) => keys.some((k) => k in rec);

export function readDeployment(raw: Raw): Deployment {
  const dep = raw.deployment ?? raw.runners ?? raw.runtime;
  const list = Array.isArray(dep) ? dep : isRecord(dep) && Array.isArray(dep.runners) ? dep.runners : undefined;
  const d: Raw = isRecord(dep) ? dep : raw;
  let primary: RunnerInfo | undefined;
  let canary: RunnerInfo | undefined;
  if (list) {
    for (const r of list.filter(isRecord)) {
      const role = roleOf(r);
      if (role === 'primary') primary ??= runnerOf(r);
      else if (role === 'canary') canary ??= runnerOf(r);
    }
  }
  for (const src of [d, raw]) {
    primary ??= runnerOf(PRIMARY_KEYS.map((k) => src[k]).find((v) => v !== undefined && v !== null));
    canary ??= runnerOf(CANARY_KEYS.map((k) => src[k]).find((v) => v !== undefined && v !== null));
  }
  const weight = firstNum(d, CANARY_WEIGHT_KEYS) ?? firstNum(raw, CANARY_WEIGHT_KEYS);
  if (canary && weight !== undefined && canary.weight === undefined) canary = { ...canary, weight };
  const said = isRecord(dep) ? pick(dep, 'status', 'state') : undefined;
  const flag = typeof raw.deployed === 'boolean' ? raw.deployed : undefined;
  if (!primary && (flag === true || (said && DEPLOYED_WORDS.test(said)))) primary = {};
  // Positive knowledge: the record has a deployment field at all (even null or empty), or says so in words.
  const known =
    primary !== undefined ||
    CONTAINER_KEYS.some((k) => k in raw) ||
    has(d, PRIMARY_KEYS) ||
    has(raw, PRIMARY_KEYS) ||
    flag !== undefined;
  const canaryKnown = canary !== undefined || list !== undefined || has(d, CANARY_KEYS) || has(raw, CANARY_KEYS);
  const state: DeploymentState = primary ? 'deployed' : known ? 'undeployed' : 'unknown';
  return {
    state,
    ...(primary ? { primary } : {}),
    ...(canary ? { canary } : {}),
    canaryKnown: canaryKnown && state !== 'unknown',
  };
}

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

/** Canary start/reweight body: version and weight under the names the canary runner's record uses. */
export function canaryBody(version: number, weight: number, d: Deployment): Worded {
  return loose(
    worded(
      [
        [CANARY_VERSION, version],
        [RUNNER_WEIGHT, Math.round(weight)],
      ],
      d.canary?.raw,
    ),
  );
}

export const DEPLOYMENT_FIELDS = new Set([
  ...PRIMARY_KEYS,
  ...CANARY_KEYS,
  ...CANARY_WEIGHT_KEYS,
  ...CONTAINER_KEYS,
  'deployed',
  ...namesOf(RUNNER_VERSION, RUNNER_WEIGHT),
]);
