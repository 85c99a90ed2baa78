/**
 * A workspace record's open fields. The spec fixes status, last_error and the creation inputs
 * (repo_full_name | new_repo, enable_cicd, deploy_server_id); the name and what kind of workspace
 * it is (store, CMS, blank) are the zone's words. The name is written under the name the zone's
 * other workspace records use; the kind is read from kind | type | template | stack… by its word.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { field, valueIn, worded, type Worded } from '../../../shapes/words';

export const WS_NAME = field('workspace.name', 'name', 'display_name', 'title', 'label');
export const WS_KIND = field('workspace.kind', 'template', 'kind', 'type', 'stack', 'flavor', 'product', 'app_type');

export type WorkspaceKind = 'store' | 'cms' | 'other';

const STORE = /^(store|shop|e-?commerce|commerce|storefront|medusa|saleor|shopify|woo-?commerce|vendure)$/i;
const CMS = /^(cms|wordpress|wp|blog|site|website|ghost|drupal|joomla|strapi|payload|directus)$/i;
const OTHER = /^(blank|empty|none|plain|bare|static|custom|generic|app|api)$/i;

/** The kind a word names (store, CMS or another known kind), or undefined for a word we do not know. */
export function kindOfWord(word: string | undefined): WorkspaceKind | undefined {
  const w = (word ?? '').trim();
  if (STORE.test(w)) return 'store';
  if (CMS.test(w)) return 'cms';
  if (OTHER.test(w)) return 'other';
  return undefined;
}

/** The zone's word for what the workspace is (kind | type | template…), as written. */
export function workspaceKindWordOf(rec: unknown): string | undefined {
  const v = valueIn(rec, WS_KIND);
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (isRecord(v) && typeof (v.name ?? v.id) === 'string') return String(v.name ?? v.id);
  return undefined;
}

/**
 * The kind the zone says the workspace is, or undefined when it does not say (or says a word we
 * do not know: then both kinds of tools are offered and the zone's refusal decides).
 */
export function workspaceKindOf(rec: unknown): WorkspaceKind | undefined {
  return kindOfWord(workspaceKindWordOf(rec));
}

export function workspaceNameOf(rec: unknown): string | undefined {
  const v = valueIn(rec, WS_NAME);
  return typeof v === 'string' && v.trim() ? v : undefined;
}

/**
 * The name (and the kind chosen, when one is) to send, under the names the zone's own workspace
 * records use (`like`), else `name` and `template`.
 */
export function nameWords(name: string, like: unknown, kind?: string): Worded {
  return worded(
    [
      [WS_NAME, name],
      [WS_KIND, kind],
    ],
    like,
  );
}

/** Whether a record kept the name that was sent (trimmed; the zone may tidy spaces, not words). */
export function keptName(rec: Raw, sent: string): boolean {
  return workspaceNameOf(rec)?.trim() === sent.trim();
}
