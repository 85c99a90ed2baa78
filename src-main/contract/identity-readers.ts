/** Tolerant readers for the identity payloads the spec leaves "not shown" (security, API clients). */
import type { ApiClientView, DeviceView, SecurityView } from './commands-identity';
import { type Raw, idOf, isRecord, listOf, nameOf, pick } from './tolerant';

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function opt<K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } {
  return (v === undefined ? {} : { [key]: v }) as { [P in K]?: V };
}

/** A remembered browser, its fields read under snake_case or camelCase names (the listing is "not shown"). */
export function readDevice(d: Raw, i: number): DeviceView {
  return {
    id: idOf(d) ?? String(i),
    label: pick(d, 'label', 'name', 'user_agent', 'userAgent') ?? 'Browser',
    ...opt('createdAt', pick(d, 'created_at', 'createdAt')),
    ...opt('lastUsedAt', pick(d, 'last_used_at', 'lastUsedAt', 'last_seen_at', 'lastSeenAt')),
    ...opt('expiresAt', pick(d, 'expires_at', 'expiresAt', 'expire_time', 'expireTime')),
    current: d.current === true || d.is_current === true || d.isCurrent === true,
  };
}

export function readSecurity(data: unknown): SecurityView {
  const d: Raw = isRecord(data) ? data : {};
  const devices = listOf(d.devices ?? d.remembered_browsers ?? []).map(readDevice);
  return {
    ...opt('email', pick(d, 'email')),
    ...opt('email_verified', bool(d.email_verified)),
    totp_enabled: d.totp_enabled === true || (isRecord(d.totp) && d.totp.enabled === true),
    ...opt('totp_pending', bool(d.totp_pending)),
    ...opt('recovery_codes_remaining', num(d.recovery_codes_remaining)),
    ...opt('locale', pick(d, 'locale', 'mail_locale')),
    ...opt('active_sessions', num(d.active_sessions)),
    devices,
    raw: d,
  };
}

/** A client record without its secret: the secret is dropped here, before anything else sees it. */
export function readApiClient(data: unknown): ApiClientView {
  const { client_secret: _secret, secret: _s2, ...d } = isRecord(data) ? data : ({} as Raw);
  const scopes = Array.isArray(d.scopes)
    ? d.scopes.filter((s): s is string => typeof s === 'string')
    : typeof d.scope === 'string'
      ? d.scope.split(/\s+/).filter(Boolean)
      : [];
  return {
    id: idOf(d) ?? pick(d, 'client_id') ?? '',
    client_id: pick(d, 'client_id') ?? idOf(d) ?? '',
    name: nameOf(d) ?? '',
    description: pick(d, 'description') ?? '',
    scopes,
    ...opt('created_at', pick(d, 'created_at')),
    ...opt('updated_at', pick(d, 'updated_at')),
    raw: d,
  };
}

export function secretOf(data: unknown): string | undefined {
  return isRecord(data) ? pick(data, 'client_secret', 'secret') : undefined;
}
