/**
 * A workspace record read tolerantly. The spec fixes status (creating, ready, ci_error, failed) and
 * last_error; every other field is "not shown", so each is looked for under the names a zone is
 * likely to use, and a missing one is simply not shown.
 */
import { recordView } from '../../../shapes/record-view';
import type { KindReader } from '@contract/dictionary/kind-reader';
import { isRecord, pick, rowIdentity, timeOf, type Raw, type Tone } from '../../../lib/tolerant';
import { classify, toneOf } from '@contract/state-vocabulary';
import { kindOfWord, workspaceKindWordOf } from './workspace';
import { boolOf } from '../../../shapes/flags';

export type WorkspaceStatus = 'creating' | 'ready' | 'ci_error' | 'failed';

export interface WorkspaceSummary {
  key: string;
  id: string | undefined;
  name: string;
  /** The spec's four words; another word from the zone is kept as it came. */
  status: WorkspaceStatus | string | undefined;
  lastError: string | undefined;
  /** The zone's word for what it is (store, cms, wordpress…; not shown by the spec): decides which tools apply. */
  template: string | undefined;
  repo: string | undefined;
  cicdEnabled: boolean | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

function repoOf(raw: Raw): string | undefined {
  const r = raw.repo ?? raw.repository;
  if (isRecord(r)) return pick(r, 'full_name', 'fullName', 'name');
  return pick(raw, 'repo_full_name', 'repoFullName', 'repository', 'repo');
}

/** A summary read by the list's reader: id and name are the zone's dictionary's for workspaces (status the spec fixes). */
export function toWorkspaceSummary(raw: Raw, index: number, reader: KindReader): WorkspaceSummary {
  // Its fields wherever the style nests them (`attributes`, a `spec`): the top's `type` is then
  // the style's resource type, not what the workspace is.
  const v = recordView(raw);
  const status = (pick(v, 'status', 'state') ?? reader.state(raw))?.toLowerCase();
  return {
    ...rowIdentity(raw, index, reader),
    status,
    lastError: pick(v, 'last_error', 'lastError', 'error', 'error_message') || undefined,
    template: workspaceKindWordOf(v)?.toLowerCase(),
    repo: repoOf(v),
    cicdEnabled: boolOf(v, 'cicd_enabled', 'cicdEnabled', 'enable_cicd'),
    createdAt: timeOf(v, 'created_at', 'createdAt', 'created', 'creationTimestamp'),
    raw,
  };
}

/** Words a person reads for a status; an unknown word is shown as the zone sent it. */
export function statusWords(status: string | undefined): string {
  switch (status) {
    case 'creating':
      return 'Creating…';
    case 'ready':
      return 'Ready';
    case 'ci_error':
      return 'CI/CD error';
    case 'failed':
      return 'Failed';
    default:
      return status ?? 'Unknown';
  }
}

export function statusTone(status: string | undefined): Tone {
  return toneOf(status, 'resource');
}

/** Which tools apply: credentials and the CMS command line depend on the template when the zone says it. */
export function hasStoreCredentials(w: WorkspaceSummary): boolean {
  const k = kindOfWord(w.template);
  return k === undefined || k === 'store';
}

export function hasCms(w: WorkspaceSummary): boolean {
  const k = kindOfWord(w.template);
  return k === undefined || k === 'cms';
}

/**
 * Whether a workspace can take work (a chat, a deploy): unless its record positively says it is
 * still being made or failed to be made. A missing or unknown word offers the action; the zone's
 * refusal is shown in words.
 */
export function workspaceUsable(status: string | undefined): boolean {
  if (status === undefined) return true;
  if (status === 'failed') return false;
  return classify(status, 'resource') !== 'progress';
}
