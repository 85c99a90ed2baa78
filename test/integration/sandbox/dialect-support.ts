/**
 * A small tolerant client for the seeded-dialect tests: it reads a list under whatever key, a
 * record's name under the dialect's field, and the field or parameter an error body names in any
 * of the four shapes. The tests know each zone's choices (specOf) and check the zone keeps them.
 */
import { specOf, type Dialect } from '../../../src-main/sandbox/dialect/choose';
import type { Choices } from '../../../src-main/sandbox/dialect/points';
import { loopbackFetch, signIn, startTestSandbox, type TestSandbox } from './helpers';

export type Rec = Record<string, unknown>;

export interface Reply {
  status: number;
  type: string;
  text: string;
  body: unknown;
  headers: Headers;
}

export interface SeededZone {
  dialect: Dialect;
  base: string;
  token: string;
  ch: Choices;
}

/** One sandbox: eu-1 standard, then one zone per dialect, all signed in. */
export async function startSeeded(dialects: readonly Dialect[]): Promise<{ sb: TestSandbox; zones: SeededZone[] }> {
  const sb = await startTestSandbox({
    zones: ['eu-1', ...dialects.map((dialect, i) => ({ id: `d${i}`, dialect }))],
  });
  const zones: SeededZone[] = [];
  for (const [i, dialect] of (['standard', ...dialects] as Dialect[]).entries()) {
    const base = sb.handle.zones[i]!.baseUrl;
    const token = (await signIn(base, 'dev@example.com', 'sandbox-dev')).access_token;
    zones.push({ dialect, base, token, ch: specOf(dialect).choices });
  }
  return { sb, zones };
}

export async function send(
  z: SeededZone,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${z.token}` };
  if (body !== undefined) headers['content-type'] = contentType;
  const res = await loopbackFetch(`${z.base}/api/v1${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* text stays text */
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, body: parsed, headers: res.headers };
}

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The records of a list reply: a bare array, or the one array among the body's values. */
export function rows(body: unknown): Rec[] {
  if (Array.isArray(body)) return body as Rec[];
  if (!isRec(body)) throw new Error(`not a list: ${JSON.stringify(body)}`);
  const arrays = Object.values(body).filter(Array.isArray);
  if (arrays.length !== 1) throw new Error(`no single array in ${Object.keys(body).join(', ')}`);
  return arrays[0] as Rec[];
}

/** The record's own id under the dialect's name (`<kind>_id` when the dialect says so). */
export function idOf(rec: Rec, ch: Choices, kind: string): string {
  const key = ch.id === 'kind_id' ? `${kind}_id` : ch.id;
  const v = rec[key];
  if (typeof v !== 'string') throw new Error(`no ${key} in ${Object.keys(rec).join(', ')}`);
  return v;
}

export async function byName(z: SeededZone, path: string, name: string): Promise<Rec> {
  const found = rows((await send(z, 'GET', path)).body).find((r) => r[z.ch.name] === name);
  if (!found) throw new Error(`no ${path} named ${name} (field ${z.ch.name}) in ${z.dialect}`);
  return found;
}

/** The field or parameter an error body names, in any of the dialects' error shapes. */
export function namedIn(body: unknown): string | undefined {
  if (!isRec(body)) return undefined;
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const direct = [body.field, body.param, first(body.missing)].find((v) => typeof v === 'string');
  if (typeof direct === 'string') return direct;
  if (isRec(body.error) && typeof body.error.target === 'string') return body.error.target;
  const entry = Array.isArray(body.errors) ? (body.errors[0] as Rec | undefined) : undefined;
  if (entry) {
    if (typeof entry.field === 'string') return entry.field;
    if (isRec(entry.source) && typeof entry.source.parameter === 'string') return entry.source.parameter;
  }
  return undefined;
}

/** The error code in any of the shapes. */
export function codeIn(body: unknown): string | undefined {
  if (!isRec(body)) return undefined;
  if (typeof body.error === 'string') return body.error;
  if (isRec(body.error) && typeof body.error.code === 'string') return body.error.code;
  if (typeof body.code === 'string') return body.code;
  const entry = Array.isArray(body.errors) ? (body.errors[0] as Rec | undefined) : undefined;
  return typeof entry?.code === 'string' ? entry.code : undefined;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
