/**
 * A workspace deployment-history entry's fields. The spec fixes that an entry carries "a status, a
 * commit and an app field"; the names, and whether the commit is a sha or a record with its
 * message, are the zone's. So the commit's sha and message are read from a nested commit record
 * or from flat fields, the status is kept as written (its colour comes from the vocabulary).
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { field, namesOf, valueIn } from './words';

export const DEP_ID = field('deployment.id', 'id', 'uuid', 'deployment_id', 'deploymentId');
export const DEP_STATUS = field('deployment.status', 'status', 'state', 'result', 'outcome', 'phase');
export const COMMIT = field('deployment.commit', 'commit', 'sha', 'commit_sha', 'commitSha', 'revision', 'head_commit');
export const COMMIT_SHA = field('commit.sha', 'sha', 'id', 'hash', 'commit', 'revision');
export const MESSAGE = field(
  'deployment.message',
  'message',
  'commit_message',
  'commitMessage',
  'title',
  'subject',
  'summary',
  'description',
);
export const APP = field('deployment.app', 'app', 'app_name', 'application', 'target');
export const TRIGGER = field('deployment.trigger', 'trigger', 'triggered_by', 'cause', 'source');

const TIMES = field(
  'deployment.times',
  'started_at',
  'startedAt',
  'created_at',
  'createdAt',
  'finished_at',
  'finishedAt',
  'completed_at',
  'ended_at',
);
export const DEPLOYMENT_FIELDS = namesOf(DEP_ID, DEP_STATUS, COMMIT, MESSAGE, APP, TRIGGER, TIMES);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** The status word as the zone wrote it, or one level down ({status: {state}}). */
export function deploymentStatusOf(rec: Raw): string | undefined {
  const v = valueIn(rec, DEP_STATUS);
  if (isRecord(v)) return str(v.state) ?? str(v.status) ?? str(v.phase);
  return str(v);
}

/** The commit's sha: a flat field, or inside a commit record. */
export function commitShaOf(rec: Raw): string | undefined {
  for (const n of COMMIT.names) {
    const v = rec[n];
    if (isRecord(v)) {
      const inner = str(valueIn(v, COMMIT_SHA));
      if (inner) return inner;
    } else if (str(v)) return str(v);
  }
  return undefined;
}

/** The commit message: in the commit record (commit.message), else beside it (message | commit_message | title…). */
export function commitMessageOf(rec: Raw): string | undefined {
  const c = valueIn(rec, COMMIT);
  if (isRecord(c)) {
    const inner = str(valueIn(c, MESSAGE));
    if (inner) return inner.split(/\r?\n/)[0];
  }
  const flat = str(valueIn(rec, MESSAGE));
  return flat?.split(/\r?\n/)[0];
}
