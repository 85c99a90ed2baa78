/**
 * A workspace record's open fields. The spec fixes status, last_error and the creation inputs
 * (repo_full_name | new_repo, enable_cicd, deploy_server_id); the name and what kind of workspace
 * it is (store, CMS, blank) are the zone's words. The name is written under the name the zone's
 * other workspace records use; the kind is read from kind | type | template | stack… by its word.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { isFieldKey } from '@contract/dictionary/field-paths';
import { field, fixedField, nameIn, valueIn, worded, type FieldWords, type Worded } from '../../../shapes/words';

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

/** The creation inputs the spec names: one name each, written in the zone's structure and key style. */
export const WS_REPO = fixedField('workspace.repo', 'repo_full_name');
export const WS_NEW_REPO = fixedField('workspace.newRepo', 'new_repo');
export const WS_CICD = fixedField('workspace.cicd', 'enable_cicd');
export const WS_SERVER = fixedField('workspace.deployServer', 'deploy_server_id');

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

/**
 * The name and kind fields of a create in a zone whose workspaces name them its own way: the name
 * under `nameKey` (the field the zone's dictionary reads its workspaces' names by), the kind under
 * the one field of theirs whose every value is a kind word (`on3mfj8: "store" | "cms"`); where no
 * field, or two, fit, our names (the zone's refusal then says which it wants).
 */
export function createFields(like: readonly unknown[], nameKey?: string): { name: FieldWords; kind: FieldWords } {
  const recs = like.filter(isRecord);
  const ours = (f: FieldWords) => recs.some((r) => nameIn(r, f) !== undefined);
  const name =
    nameKey && isFieldKey(nameKey) && !ours(WS_NAME) ? field(WS_NAME.role, nameKey, ...WS_NAME.names) : WS_NAME;
  const kinds = ours(WS_KIND)
    ? []
    : Object.keys(recs[0] ?? {}).filter(
        (k) =>
          isFieldKey(k) &&
          k !== nameKey &&
          recs.every((r) => typeof r[k] === 'string' && kindOfWord(r[k] as string) !== undefined),
      );
  const kind = kinds.length === 1 ? field(WS_KIND.role, kinds[0]!, ...WS_KIND.names) : WS_KIND;
  return { name, kind };
}

/** Whether a record kept the name that was sent (trimmed; the zone may tidy spaces, not words). */
export function keptName(rec: Raw, sent: string): boolean {
  return workspaceNameOf(rec)?.trim() === sent.trim();
}
