/**
 * Small helpers every resource module uses to read requests and shape replies, so handlers stay
 * short and every module answers errors the same way (`{error, message, ...details}` via HttpError).
 */
import { HttpError, type SandboxRequest, type SandboxResponse } from '../core/types';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Body = Record<string, unknown>;

export function ok(json: unknown, status = 200): SandboxResponse {
  return { status, json };
}

export function noContent(): SandboxResponse {
  return { status: 204, empty: true };
}

export function list(items: readonly unknown[], extra: Record<string, unknown> = {}): SandboxResponse {
  return ok({ items, ...extra });
}

export function text(body: string, contentType = 'text/plain; charset=utf-8'): SandboxResponse {
  return { status: 200, text: body, contentType };
}

/** A file the client saves: the content type plus an attachment disposition with the file name. */
export function download(body: string, filename: string, contentType: string): SandboxResponse {
  return {
    status: 200,
    text: body,
    contentType,
    headers: { 'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"` },
  };
}

export function notFound(what: string, id: string): never {
  throw new HttpError(404, 'not_found', `${what} ${id} not found`);
}

export function badRequest(message: string, details: Record<string, unknown> = {}): never {
  throw new HttpError(400, 'invalid_request', message, details);
}

export function conflict(error: string, message: string, details: Record<string, unknown> = {}): never {
  throw new HttpError(409, error, message, details);
}

export function unprocessable(error: string, message: string, details: Record<string, unknown> = {}): never {
  throw new HttpError(422, error, message, details);
}

/** The JSON body as an object; an absent body reads as `{}` so optional-only bodies may be omitted. */
export function body(req: SandboxRequest): Body {
  if (req.body === undefined || req.body === null) return {};
  if (typeof req.body !== 'object' || Array.isArray(req.body)) badRequest('body must be a JSON object');
  return req.body as Body;
}

export function str(b: Body, key: string): string {
  const v = b[key];
  if (typeof v !== 'string' || v.trim() === '') badRequest(`${key} is required (non-empty string)`, { field: key });
  return v;
}

export function optStr(b: Body, key: string): string | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') badRequest(`${key} must be a string`, { field: key });
  return v;
}

export function optBool(b: Body, key: string): boolean | undefined {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') badRequest(`${key} must be a boolean`, { field: key });
  return v;
}

export function int(b: Body, key: string, min: number, max: number, fallback?: number): number {
  const v = b[key] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    badRequest(`${key} must be an integer from ${min} to ${max}`, { field: key });
  }
  return v;
}

/** An integer query parameter; anything but a plain decimal integer in range is a 400. */
export function intQuery(req: SandboxRequest, key: string, min: number, max: number, fallback: number): number {
  const raw = req.query.get(key);
  if (raw === null) return fallback;
  const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    badRequest(`${key} must be an integer from ${min} to ${max}`, { field: key });
  }
  return n;
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], key: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    badRequest(`${key} must be one of ${allowed.join(', ')}`, { field: key });
  }
  return value as T;
}

export function tenantOf(req: SandboxRequest): string {
  // Every non-public route carries a caller; the core guarantees it before our handler runs.
  return req.caller?.tenantId ?? 'public';
}
