/**
 * Helpers for integration tests against a real sandbox over loopback HTTP (never a mocked fetch).
 * Zones are reached by name (eu-1.sandbox.localhost:PORT) through loopbackFetch.
 */
import { totpAt, TOTP_STEP_SECONDS } from '../../../src-main/sandbox/identity/crypto';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../../src-main/sandbox/server';
import { loopbackFetch } from '../../support/loopback-fetch';

export { loopbackFetch };

export interface TestSandbox {
  handle: SandboxHandle;
  /** Base URL per zone id, e.g. urls['eu-1'] = 'http://eu-1.sandbox.localhost:PORT'. */
  urls: Record<string, string>;
  /** Base URL of the first zone (eu-1 by default) and of the second (us-1), for brevity. */
  eu: string;
  us: string;
  close(): Promise<void>;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

type Init = NonNullable<Parameters<typeof loopbackFetch>[1]>;
type ZoneRef = string | { baseUrl: string };
const base = (z: ZoneRef) => (typeof z === 'string' ? z : z.baseUrl);

/** Starts a sandbox on a free port. Close it in afterAll. */
export async function startTestSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const handle = await startSandbox({ port: 0, ...opts });
  const urls = Object.fromEntries(handle.zones.map((z) => [z.id, z.baseUrl]));
  return {
    handle,
    urls,
    eu: handle.zones[0]!.baseUrl,
    us: (handle.zones[1] ?? handle.zones[0]!).baseUrl,
    close: () => handle.close(),
  };
}

/** JSON request; `body` is serialised; returns status, headers and the parsed body (or text). */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  opts: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await loopbackFetch(baseUrl + path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: body as T, headers: res.headers as unknown as Headers };
}

/** fetch with the Bearer token set. */
export function authedFetch(baseUrl: string, token: string, path: string, init: Init = {}) {
  const headers = new Headers(init.headers as HeadersInit | undefined);
  headers.set('authorization', `Bearer ${token}`);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return loopbackFetch(baseUrl + path, { ...init, headers: Object.fromEntries(headers) });
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  body: string;
  code: string;
  kind: string;
  sent_at: string;
  zone: string;
}

/** The zone's outbox for `email`, newest first. */
export async function mailbox(zone: ZoneRef, email: string): Promise<Mail[]> {
  return (await call<Mail[]>(base(zone), `/_sandbox/mail?to=${encodeURIComponent(email)}`)).body;
}

/** The code of the newest mail to `email` in that zone (throws when there is none). */
export async function mailCode(zone: ZoneRef, email: string): Promise<string> {
  const [newest] = await mailbox(zone, email);
  if (!newest) throw new Error(`no mail to ${email} in ${base(zone)}`);
  return newest.code;
}

export async function advanceClock(baseUrl: string, seconds: number): Promise<number> {
  const r = await call<{ now_ms: number }>(baseUrl, '/_sandbox/clock', { body: { advance_seconds: seconds } });
  return r.body.now_ms;
}

export async function sandboxNow(baseUrl: string): Promise<number> {
  return (await call<{ now_ms: number }>(baseUrl, '/_sandbox/clock')).body.now_ms;
}

export async function setFaults(baseUrl: string, faults: Record<string, number | boolean>) {
  return (await call(baseUrl, '/_sandbox/faults', { body: faults })).body;
}

export async function resetSandbox(baseUrl: string): Promise<void> {
  await call(baseUrl, '/_sandbox/reset', { body: {} });
}

/** Current authenticator code for a base32 secret on the sandbox clock (`stepOffset` for drift tests). */
export async function totpNow(baseUrl: string, secret: string, stepOffset = 0): Promise<string> {
  const step = Math.floor((await sandboxNow(baseUrl)) / 1000 / TOTP_STEP_SECONDS) + stepOffset;
  return totpAt(secret, step);
}

/** Starts a sign-in; returns the raw reply (token body or challenge). */
export async function login(baseUrl: string, email: string, password: string, cookie?: string) {
  return call(baseUrl, '/api/v1/auth/login', { body: { email, password }, headers: cookie ? { cookie } : {} });
}

/**
 * Full sign-in. Email method: the code comes from the outbox. Authenticator users: pass
 * `totpSecret`; the current code is tried, then the next step (a step is never accepted twice).
 */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  opts: { totpSecret?: string; rememberDevice?: boolean; cookie?: string } = {},
): Promise<Tokens & { cookie?: string }> {
  const first = await login(baseUrl, email, password, opts.cookie);
  if (first.status !== 200) throw new Error(`login ${email}: ${first.status} ${JSON.stringify(first.body)}`);
  if (first.body.status !== 'mfa_required') return first.body as unknown as Tokens;
  const challenge = first.body.challenge as string;
  const codes =
    first.body.method === 'totp'
      ? opts.totpSecret
        ? [await totpNow(baseUrl, opts.totpSecret), await totpNow(baseUrl, opts.totpSecret, 1)]
        : []
      : [await mailCode(baseUrl, email)];
  if (!codes.length) throw new Error(`${email} uses an authenticator: pass totpSecret`);
  for (const code of codes) {
    const r = await call<Tokens>(baseUrl, '/api/v1/auth/mfa/verify', {
      body: { challenge, code, remember_device: opts.rememberDevice ?? false },
    });
    if (r.status === 200) {
      const setCookie = r.headers.get('set-cookie');
      return { ...r.body, ...(setCookie ? { cookie: setCookie.split(';')[0] } : {}) };
    }
  }
  throw new Error(`second factor for ${email} was refused`);
}

/** Creates an API client as `userToken` and returns a machine access token for it. */
export async function machineToken(baseUrl: string, userToken: string, scopes: string[]) {
  const created = await call<{ id: string; client_id: string; client_secret: string }>(baseUrl, '/api/v1/api-clients', {
    token: userToken,
    body: { name: `test-${Date.now()}`, scopes },
  });
  if (created.status !== 201) throw new Error(`create api client: ${created.status} ${JSON.stringify(created.body)}`);
  const { client_id, client_secret } = created.body;
  const t = await call<{ access_token: string }>(baseUrl, '/oauth/token', {
    body: { grant_type: 'client_credentials', client_id, client_secret },
  });
  return { ...created.body, access_token: t.body.access_token };
}

/** The limits record's fields, exactly as the spec fixes them (sorted), for tests of either dialect. */
export const LIMITS_RECORD_KEYS = [
  'max_cpu_cores',
  'max_llm_tokens_month',
  'max_ram_gib',
  'max_storage_gib',
  'max_vms_per_vpc',
  'max_vpcs',
  'tenant_id',
  'updated_at',
];
