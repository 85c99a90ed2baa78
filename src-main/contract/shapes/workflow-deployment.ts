/**
 * A workflow's deployment in the zone's words, read once for the window, the agent's rollouts and
 * the CLI: the primary runner and the canary beside it. The spec names them (primary, canary,
 * version, weight) but not the fields, so they are looked for under the shapes zones use: a
 * `deployment` record, `runners` as a record or a list of runners each naming its role,
 * `primary_runner`, `deployed_version`, `primary_version`, canary alike. What the record does not
 * show stays unknown: the zone decides, no reader guesses "not deployed" from an absent field. A
 * runner under a name none of these is (the spec's own `runner`, or any other) is found by its
 * values (deployment-by-value.ts). Read it from the record's flat view (workflowRecordView).
 */
import { isRecord, pick, type Raw } from '../tolerant';
import { runnersByValue, versionOf, weightOf } from './deployment-by-value';

export interface RunnerInfo {
  version?: number;
  /** Percent of new runs, for a canary. */
  weight?: number;
  state?: string;
  /** The runner's own record, when it has one (its field names teach a write). */
  raw?: Raw;
  /**
   * The key its version was read under when found by value (`b3u`): a zone names a runner's version
   * alike in every runner, so a new canary's is written under it.
   */
  versionKey?: string;
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

export const PRIMARY_KEYS = [
  'primary',
  'primary_runner',
  'primaryRunner',
  'deployed_version',
  'primary_version',
  'deployedVersion',
  'primaryVersion',
  'active_version',
];
export const CANARY_KEYS = ['canary', 'canary_runner', 'canaryRunner', 'canary_version', 'canaryVersion'];
export const CONTAINER_KEYS = ['deployment', 'runners', 'runtime'];
const ROLE_KEYS = ['role', 'kind', 'name', 'type', 'track', 'slot'];
/** A runner's version (role runner.version) and a canary's weight (role canary.weight), as zones name them. */
export const RUNNER_VERSION_NAMES = ['version', 'pinned_version', 'version_number', 'versionNumber'] as const;
export const RUNNER_WEIGHT_NAMES = ['weight', 'weight_percent', 'percent', 'traffic', 'traffic_percent'] as const;
/** A canary's weight given flat on the record: `canary_` before any of a runner's weight names (canary_weight_percent …). */
export const CANARY_WEIGHT_KEYS = RUNNER_WEIGHT_NAMES.flatMap((n) => [
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
  const version = firstNum(v, RUNNER_VERSION_NAMES) ?? versionOf(v);
  const weight = firstNum(v, RUNNER_WEIGHT_NAMES) ?? weightOf(v);
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
  // Under no name above (the spec's own `runner`, or any other): a runner is known by its values.
  const byValue = primary ? undefined : runnersByValue(raw, new Set(canary?.raw ? [canary.raw] : []), roleOf);
  if (byValue) {
    primary ??= byValue.primary;
    canary ??= byValue.canary;
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
    flag !== undefined ||
    byValue?.none === true;
  const canaryKnown =
    canary !== undefined ||
    list !== undefined ||
    has(d, CANARY_KEYS) ||
    has(raw, CANARY_KEYS) ||
    byValue?.noCanary === true;
  const state: DeploymentState = primary ? 'deployed' : known && !byValue?.unsure ? 'undeployed' : 'unknown';
  return {
    state,
    ...(primary ? { primary } : {}),
    ...(canary ? { canary } : {}),
    canaryKnown: canaryKnown && state !== 'unknown',
  };
}
