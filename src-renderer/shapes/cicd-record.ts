/**
 * A workspace's CI/CD status and deployment history read tolerantly. The spec fixes what the
 * status carries (tracked branch, last seen and last deployed sha, app_status starting with
 * "running" when up, live URL) and that a deployment has a status, a commit and an app; the key
 * names and envelopes are one zone's choice, so each is looked for under the likely spellings.
 */
import { isRecord, listOf, pick, timeOf, type Raw } from '../lib/tolerant';
import { APP, commitMessageOf, commitShaOf, DEP_ID, deploymentStatusOf, TRIGGER } from './deployment';
import { boolOf } from './flags';
import { recordView } from './record-view';

export interface CicdStatus {
  /** Push-triggered deploys on; undefined when the zone does not say. */
  enabled: boolean | undefined;
  branch: string | undefined;
  lastSeen: string | undefined;
  lastDeployed: string | undefined;
  /** app_status as the zone sent it ("running (abc1234)", "not deployed"…). */
  appStatus: string | undefined;
  /** The spec's rule: app_status starts with "running" when the app is up. */
  running: boolean;
  liveUrl: string | undefined;
  deployServer: string | undefined;
  raw: Raw;
}

export interface Deployment {
  key: string;
  id: string | undefined;
  status: string | undefined;
  commit: string | undefined;
  /** The commit's message (its first line), when the zone gives one. */
  message: string | undefined;
  /** backend or storefront (a store has two apps). */
  app: string | undefined;
  /** initial, manual, push… when the zone says. */
  trigger: string | undefined;
  startedAt: Date | undefined;
  finishedAt: Date | undefined;
  raw: Raw;
}

/** A sha (or a `{sha}` object) from the first key that has one. */
function shaOf(raw: Raw, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = raw[k];
    if (isRecord(v)) {
      const inner = pick(v, 'sha', 'id', 'commit', 'hash');
      if (inner) return inner;
    } else if (typeof v === 'string' && v !== '') return v;
  }
  return undefined;
}

/** Only http(s) links are offered to open: anything else from a zone is shown as text. */
export function safeUrl(url: string | undefined): string | undefined {
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

export function toCicdStatus(data: unknown): CicdStatus {
  const top = isRecord(data) ? data : {};
  // Some zones wrap the status: {cicd: {...}} or {status: {...}}.
  const raw = isRecord(top.cicd) ? top.cicd : isRecord(top.status) ? top.status : top;
  const appStatus = pick(raw, 'app_status', 'appStatus', 'application_status');
  return {
    enabled: boolOf(raw, 'enabled', 'cicd_enabled', 'cicdEnabled'),
    branch: pick(raw, 'tracked_branch', 'trackedBranch', 'branch'),
    lastSeen: shaOf(raw, 'last_seen_sha', 'lastSeenSha', 'last_seen_commit', 'last_seen'),
    lastDeployed: shaOf(raw, 'last_deployed_sha', 'lastDeployedSha', 'last_deployed_commit', 'last_deployed'),
    appStatus,
    running: /^running/i.test(appStatus?.trim() ?? ''),
    liveUrl: pick(raw, 'live_url', 'liveUrl', 'url', 'app_url'),
    deployServer: pick(raw, 'deploy_server_id', 'deployServerId', 'deploy_server'),
    raw,
  };
}

/** True when both shas are known and differ: a newer commit is waiting to deploy. */
export function waitingToDeploy(s: CicdStatus): boolean {
  if (!s.lastSeen || !s.lastDeployed) return false;
  const n = Math.min(s.lastSeen.length, s.lastDeployed.length, 40);
  return s.lastSeen.slice(0, n).toLowerCase() !== s.lastDeployed.slice(0, n).toLowerCase();
}

export function shortSha(sha: string | undefined): string {
  return sha ? sha.slice(0, 7) : '—';
}

/** Words a deployment's cause is said in (the spec names manual and push deploys). */
const TRIGGER_WORD = /^(manual|push|git[_-]?push|webhook|schedule[d]?|cron|api|cli|auto(matic)?|redeploy|rollback)$/i;

/** What started the deployment: under a name of ours, else the one field of the record holding a trigger word. */
function triggerOf(v: Raw): string | undefined {
  const named = pick(v, ...TRIGGER.names);
  if (named !== undefined) return named;
  const words = Object.values(v).filter((x): x is string => typeof x === 'string' && TRIGGER_WORD.test(x));
  return words.length === 1 ? words[0] : undefined;
}

export function toDeployment(raw: Raw, index: number): Deployment {
  // Its fields wherever the style nests them (`attributes`, a `spec`/`status`); `raw` stays the zone's.
  const v = recordView(raw);
  const id = pick(raw, ...DEP_ID.names) ?? pick(v, ...DEP_ID.names);
  return {
    key: id ?? `#${index}`,
    id,
    status: deploymentStatusOf(v),
    commit: commitShaOf(v),
    message: commitMessageOf(v),
    app: pick(v, ...APP.names),
    trigger: triggerOf(v),
    startedAt: timeOf(v, 'started_at', 'startedAt', 'created_at', 'createdAt'),
    finishedAt: timeOf(v, 'finished_at', 'finishedAt', 'completed_at', 'ended_at'),
    raw,
  };
}

/**
 * A refusal that means "nothing deployed yet" (no build or runtime log to show): 404 or 409, or a
 * code or message saying so. Shown as an empty state, not as an error.
 */
export function nothingDeployedYet(err: { status?: number; code?: string; message?: string }): boolean {
  if (err.status === 404 || err.status === 409 || err.status === 410) return true;
  return /not[_\s-]?(yet[_\s-]?)?deployed|no[_\s-]deployments?|never[_\s-]deployed|not[_\s-]running/i.test(
    `${err.code ?? ''} ${err.message ?? ''}`,
  );
}

/** The history newest first, whatever order the zone sent (by start time when known, else as sent). */
export function deploymentsOf(data: unknown): Deployment[] {
  const rows = listOf(data).map(toDeployment);
  if (!rows.every((d) => d.startedAt)) return rows;
  return rows
    .map((d, i) => ({ d, i }))
    .sort((a, b) => b.d.startedAt!.getTime() - a.d.startedAt!.getTime() || a.i - b.i)
    .map((x) => x.d);
}

/** A plain-text log reply as lines (a trailing newline makes no empty last line). */
export function logLines(text: unknown): string[] {
  const s = typeof text === 'string' ? text : text === null || text === undefined ? '' : JSON.stringify(text);
  if (s === '') return [];
  const lines = s.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The spec's runtime-log limits. */
export const RUNTIME_LINES = { min: 1, max: 1000, default: 200 } as const;

/** The lines field checked: a whole number in 1..1000, or the words that say what is wrong. */
export function checkLines(value: number | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'Give a number of lines.';
  if (!Number.isInteger(value)) return 'Lines must be a whole number.';
  if (value < RUNTIME_LINES.min || value > RUNTIME_LINES.max)
    return `Lines must be between ${RUNTIME_LINES.min} and ${RUNTIME_LINES.max}.`;
  return null;
}
