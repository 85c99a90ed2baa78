/**
 * Store and CMS credentials read tolerantly into labelled fields. The spec names what each reply
 * carries (store: admin dashboard URL, storefront URL, publishable key, admin password; CMS: admin
 * URL, admin credentials, site URL) but not the keys, so each field is looked for under likely
 * spellings, a nested `admin`/`credentials` object is read too, and unknown fields are kept.
 * Pure: the values pass through and are never stored here.
 */
import type { AgentErrorData } from '@contract/errors';
import { isRecord, type Raw } from '../../../lib/tolerant';
import { kindOfWord } from '../shapes/workspace';

export type CredentialKind = 'store' | 'cms';

export interface CredentialField {
  key: string;
  label: string;
  value: string;
  /** Masked when shown; copied but never put in a link or a title. */
  secret: boolean;
  /** An http(s) address: opened in the system browser. */
  url: boolean;
}

interface FieldSpec {
  label: string;
  keys: string[];
  secret?: boolean;
  url?: boolean;
}

const PASSWORD: FieldSpec = {
  label: 'Admin password',
  keys: ['admin_password', 'adminPassword', 'password', 'admin_pass', 'pass'],
  secret: true,
};

export const CREDENTIAL_FIELDS: Record<CredentialKind, FieldSpec[]> = {
  store: [
    {
      label: 'Admin dashboard',
      keys: ['admin_dashboard_url', 'adminDashboardUrl', 'dashboard_url', 'admin_url', 'adminUrl'],
      url: true,
    },
    { label: 'Storefront', keys: ['storefront_url', 'storefrontUrl', 'store_url', 'site_url'], url: true },
    { label: 'Admin email', keys: ['admin_email', 'adminEmail', 'email', 'admin_user', 'username'] },
    PASSWORD,
    { label: 'Publishable key', keys: ['publishable_key', 'publishableKey', 'publishable_api_key'] },
  ],
  cms: [
    { label: 'Site', keys: ['site_url', 'siteUrl', 'url', 'home_url'], url: true },
    { label: 'Admin', keys: ['admin_url', 'adminUrl', 'login_url', 'dashboard_url'], url: true },
    { label: 'Admin user', keys: ['admin_user', 'adminUser', 'admin_username', 'username', 'user', 'login'] },
    PASSWORD,
  ],
};

export const KIND_TITLE: Record<CredentialKind, string> = { store: 'Store credentials', cms: 'CMS credentials' };

const SECRET_KEY = /pass|secret|token|private|api_?key$/i;

/** The reply's fields in one flat record: `{admin: {user, password}}` and `{credentials: {...}}` are read into it. */
function flatten(data: unknown): Raw {
  const top = isRecord(data) ? data : {};
  const out: Raw = {};
  for (const [k, v] of Object.entries(top)) {
    if (isRecord(v) && (k === 'admin' || k === 'credentials' || k === 'admin_credentials' || k === 'data')) {
      for (const [ik, iv] of Object.entries(v)) {
        const key = k === 'admin' && !ik.startsWith('admin') ? `admin_${ik}` : ik;
        if (!(key in out)) out[key] = iv;
      }
    } else out[k] = v;
  }
  return out;
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A key as words, for fields the spec does not name: `api_token` → "Api token". */
function words(key: string): string {
  const s = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}

export function toCredentials(kind: CredentialKind, data: unknown): CredentialField[] {
  const raw = flatten(data);
  const used = new Set<string>();
  const fields: CredentialField[] = [];
  for (const spec of CREDENTIAL_FIELDS[kind]) {
    const key = spec.keys.find((k) => !used.has(k) && text(raw[k]) !== undefined);
    if (!key) continue;
    used.add(key);
    const value = text(raw[key])!;
    fields.push({
      key,
      label: spec.label,
      value,
      secret: !!spec.secret,
      url: !!spec.url && /^https?:\/\//i.test(value),
    });
  }
  for (const [key, v] of Object.entries(raw)) {
    const value = text(v);
    if (used.has(key) || value === undefined) continue;
    fields.push({ key, label: words(key), value, secret: SECRET_KEY.test(key), url: /^https?:\/\//i.test(value) });
  }
  return fields;
}

/** The admin password of a reply, for "Copy admin password" (never shown). */
export function passwordOf(kind: CredentialKind, data: unknown): string | undefined {
  return toCredentials(kind, data).find((f) => f.label === PASSWORD.label)?.value;
}

/** Which kinds to ask for: the one the zone's word names, none for another known kind, both when unknown. */
export function credentialKinds(template: string | undefined): CredentialKind[] {
  const k = kindOfWord(template);
  if (k === 'store') return ['store'];
  if (k === 'cms') return ['cms'];
  return k === 'other' ? [] : ['store', 'cms'];
}

/**
 * A refusal that means "this workspace has no credentials of this kind": the sandbox's 409
 * wrong_workspace_kind, any 404/409, or (when we asked for both kinds, not knowing which it is)
 * any other 4xx but an authorisation or rate refusal. Shown neutrally, never as a red error.
 */
export function notThisKind(err: AgentErrorData, guessing: boolean): boolean {
  if (err.code === 'wrong_workspace_kind' || err.status === 404 || err.status === 409) return true;
  if (/wrong[_\s-]?(workspace[_\s-]?)?kind|not[_\s-]an?[_\s-](store|cms)|no[_\s-](store|cms)/i.test(err.message))
    return true;
  const s = err.status ?? 0;
  return guessing && s >= 400 && s < 500 && s !== 401 && s !== 403 && s !== 429;
}

/** What one kind's request came to. */
export type CredentialResult =
  | { kind: CredentialKind; fields: CredentialField[] }
  /** The zone says the workspace is another kind (409 wrong_workspace_kind). */
  | { kind: CredentialKind; notThisKind: true }
  | { kind: CredentialKind; error: AgentErrorData };

/** One card of the Credentials tab: masked (no result yet), the fields, "not this kind", or a failure. */
export interface CredentialCardView {
  kind: CredentialKind;
  fields?: CredentialField[];
  notThisKind?: boolean;
  error?: AgentErrorData;
}

/**
 * The cards for the kinds asked and what came back (null while masked). With both kinds asked,
 * the one the zone refused as the wrong kind steps aside once the other answered.
 */
export function credentialCards(
  kinds: readonly CredentialKind[],
  results: readonly CredentialResult[] | null,
): CredentialCardView[] {
  const views = kinds.map((kind): CredentialCardView => {
    const r = results?.find((x) => x.kind === kind);
    if (!r) return { kind };
    if ('fields' in r) return { kind, fields: r.fields };
    if ('notThisKind' in r) return { kind, notThisKind: true };
    return { kind, error: r.error };
  });
  const answered = views.some((v) => v.fields);
  return views.length > 1 && answered ? views.filter((v) => !v.notThisKind) : views;
}
