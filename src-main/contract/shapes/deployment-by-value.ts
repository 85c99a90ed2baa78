/**
 * A workflow's runners found by their values when no name we know holds them (`runner`, the
 * spec's own word, or any other). A runner is a record — at the top of the workflow or one level
 * down, alone or in a list — that carries a recognisable version (a key saying version, revision,
 * rev or v; else its only whole number) and maybe a weight of new runs. Field names are only
 * hints: one that says runner, deploy, primary or canary is enough with a version; a record under
 * a name that hints nothing must also carry a weight (only runners share traffic) or a state word
 * of the vocabulary (a runner is running; a zone in names of its own, `r97rqz: {fr8l81: 1,
 * wl3qu2bi: "running"}`), so `zq: {v: 3}` stays unread. Which one is the canary: its name or role, else the one with the smaller weight;
 * where nothing tells them apart, nothing is guessed.
 */
import { isTimeLike } from '../dictionary/value-shapes';
import { isStateWord } from '../state-vocabulary';
import { isRecord, type Raw } from '../tolerant';
import type { RunnerInfo } from './workflow-deployment';

/** Names that say "this is a runner" (hints, not a list the record must match). */
const HINT = /runner|deploy|primary|canary|serving|rollout|release|traffic|track|slot|live|active|current|stable|prod/i;
/** Names that say "this is not a runner", unless a hint says otherwise: versions published, the draft, evals. */
const NOT_RUNNER = /draft|latest|publish|spec|history|eval|schema|owner|webhook|gate|input|output|run$|runs$/i;
const CANARY = /canary|secondary|candidate|preview/i;
const PRIMARY = /primary|main|stable|prod|current|live|serving/i;
const VERSION_KEY = /version|revision|(^|[_-])(v|ver|rev)$|^(v|ver|rev)$|(?<=[a-z])(V|Ver|Rev)$/;
const WEIGHT_KEY = /weight|percent|pct|share|traffic|split/i;
/** Whole numbers that are not a version: ids, times, counts, sizes, ports. */
const NOT_VERSION = /id$|_at$|At$|time|date|count|replica|size|port|limit|timeout|seconds|ms$|bytes/i;

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^v?\d+$/i.test(v.trim())) return Number(v.trim().replace(/^v/i, ''));
  return undefined;
}

/** A whole number that may be a version: not a time (`w98: 1796196186884` is one, whatever its name). */
const wholeAt = (k: string, v: unknown) =>
  typeof v === 'number' &&
  Number.isInteger(v) &&
  v >= 0 &&
  !isTimeLike(v) &&
  !WEIGHT_KEY.test(k) &&
  !NOT_VERSION.test(k);

/** The key of the record's version: one that says so, else its only whole number not otherwise named. */
function versionKeyOf(r: Raw): string | undefined {
  for (const [k, v] of Object.entries(r)) {
    if (!VERSION_KEY.test(k)) continue;
    const n = num(v);
    if (n !== undefined && Number.isInteger(n) && n >= 0) return k;
  }
  const whole = Object.entries(r).filter(([k, v]) => wholeAt(k, v));
  return whole.length === 1 ? whole[0]![0] : undefined;
}

/** The record's version: under a key that says so, else its only whole number not otherwise named. */
export function versionOf(r: Raw): number | undefined {
  const k = versionKeyOf(r);
  return k === undefined ? undefined : num(r[k]);
}

/** A share of new runs, 0–100. */
export function weightOf(r: Raw): number | undefined {
  for (const [k, v] of Object.entries(r)) {
    if (!WEIGHT_KEY.test(k)) continue;
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/\s*%$/, '')) : NaN;
    if (Number.isFinite(n) && n >= 0 && n <= 100) return n;
  }
  return undefined;
}

interface Candidate {
  /** The field's name, and its parent's when found one level down. */
  path: string;
  raw: Raw;
  version: number;
  weight?: number;
  /** The key its version was read under. */
  versionKey: string;
  /** The role a field of the record itself names (role: canary). */
  role?: 'primary' | 'canary';
}

export interface FoundRunners {
  primary?: RunnerInfo;
  canary?: RunnerInfo;
  /** A runner's field is there and empty (`runner: null`): positively not deployed. */
  none: boolean;
  /** A canary's field is there and empty. */
  noCanary: boolean;
  /** Runners are there but nothing tells which is which: said as not shown, never guessed. */
  unsure: boolean;
}

type RoleOf = (r: Raw) => 'primary' | 'canary' | undefined;

/** A runner record whose two whole numbers left its version unread (`{fr8l81: 2, l2m9wwf: 20}`). */
interface Pending {
  path: string;
  raw: Raw;
  role?: 'primary' | 'canary';
}

function candidatesIn(
  key: string,
  value: unknown,
  parent: string,
  roleOf: RoleOf,
  out: Candidate[],
  pending: Pending[],
): void {
  const path = parent ? `${parent}.${key}` : key;
  const hinted = HINT.test(path);
  if (!hinted && NOT_RUNNER.test(path)) return;
  const records = Array.isArray(value) ? value.slice(0, 20).filter(isRecord) : isRecord(value) ? [value] : [];
  for (const r of records) {
    const weight = weightOf(r);
    if (!hinted && weight === undefined && !Object.values(r).some(isStateWord)) continue;
    const role = roleOf(r);
    const versionKey = versionKeyOf(r);
    const version = versionKey === undefined ? undefined : num(r[versionKey]);
    if (version === undefined) {
      pending.push({ path, raw: r, ...(role ? { role } : {}) });
      continue;
    }
    out.push({
      path,
      raw: r,
      version,
      versionKey: versionKey!,
      ...(weight !== undefined ? { weight } : {}),
      ...(role ? { role } : {}),
    });
  }
}

/**
 * The runners whose version two whole numbers hid, read by their sibling's: a zone names a
 * runner's version alike in both runners, so the key the other's only number sits under is the
 * version, and the one other whole number of 0–100 is the share of new runs.
 */
function bySibling(pending: readonly Pending[], found: readonly Candidate[]): Candidate[] {
  const keys = new Set(found.map((c) => c.versionKey));
  const key = [...keys][0];
  if (keys.size !== 1 || key === undefined) return [];
  return pending.flatMap((p) => {
    const version = num(p.raw[key]);
    if (version === undefined || !Number.isInteger(version)) return [];
    const rest = Object.entries(p.raw).filter(([k, v]) => k !== key && wholeAt(k, v) && (v as number) <= 100);
    const weight = weightOf(p.raw) ?? (rest.length === 1 ? (rest[0]![1] as number) : undefined);
    return [
      {
        path: p.path,
        raw: p.raw,
        version,
        versionKey: key,
        ...(weight !== undefined ? { weight } : {}),
        ...(p.role ? { role: p.role } : {}),
      },
    ];
  });
}

const info = (c: Candidate): RunnerInfo => ({
  version: c.version,
  ...(c.weight !== undefined ? { weight: c.weight } : {}),
  raw: c.raw,
  versionKey: c.versionKey,
});

/**
 * The runners the record shows by value. `taken` are runner records already read by name (not
 * read twice); `roleOf` reads a record's own role field.
 */
export function runnersByValue(raw: Raw, taken: ReadonlySet<Raw>, roleOf: RoleOf): FoundRunners {
  const found: Candidate[] = [];
  const pending: Pending[] = [];
  let none = false;
  let noCanary = false;
  for (const [k, v] of Object.entries(raw)) {
    if (v === null && /runner|deploy/i.test(k)) {
      if (CANARY.test(k)) noCanary = true;
      else none = true;
    }
    candidatesIn(k, v, '', roleOf, found, pending);
    // One level down: {serving: {runner: {...}}} or {status: {runners: [...]}}.
    if (isRecord(v)) for (const [k2, v2] of Object.entries(v)) candidatesIn(k2, v2, k, roleOf, found, pending);
  }
  found.push(...bySibling(pending, found));
  const fresh = found.filter((c) => !taken.has(c.raw));
  const runners = assign(fresh);
  return { ...runners, none, noCanary, unsure: fresh.length > 0 && !runners.primary && !runners.canary };
}

/** Primary and canary among the candidates: by role or name, else by weight; undefined where nothing tells. */
function assign(cs: Candidate[]): { primary?: RunnerInfo; canary?: RunnerInfo } {
  // The field's own name tells its role ({serving: {main, next}}: `serving` is no role).
  const own = (c: Candidate) => c.path.slice(c.path.lastIndexOf('.') + 1);
  const canaryBy = (c: Candidate) => c.role === 'canary' || (!c.role && CANARY.test(own(c)));
  const primaryBy = (c: Candidate) => c.role === 'primary' || (!c.role && !canaryBy(c) && PRIMARY.test(own(c)));
  let canary = cs.find(canaryBy);
  let primary = cs.find(primaryBy);
  const rest = cs.filter((c) => !canaryBy(c) && !primaryBy(c));
  if (rest.length === 1) {
    const [only] = rest;
    if (!primary) primary = only;
    else if (!canary) canary = only;
  } else if (rest.length === 2 && !primary && !canary) {
    const [a, b] = rest as [Candidate, Candidate];
    // A canary takes a share of new runs: the one with a weight when only one has it, else the smaller.
    const wa = a.weight ?? 101;
    const wb = b.weight ?? 101;
    if (wa !== wb) [canary, primary] = wa < wb ? [a, b] : [b, a];
  }
  return { ...(primary ? { primary: info(primary) } : {}), ...(canary ? { canary: info(canary) } : {}) };
}
