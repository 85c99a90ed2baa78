/** Checks for zone fields, each failing with an AgentError('invalid_input') a person can read. */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, normalize } from 'node:path';
import { type ZodError } from 'zod';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { ZONE_NAME_MAX } from './zone-types';

/** Distinct, readable on light and dark backgrounds; new zones take the first one not in use. */
export const ZONE_PALETTE = [
  '#2f80ed', '#27ae60', '#eb5757', '#f2994a', '#9b51e0',
  '#00a3a3', '#d4a017', '#e84393', '#5b6b7f', '#8d6e63',
] as const;

const MAX_CA_BYTES = 1024 * 1024;

export function invalid(message: string, details?: Record<string, unknown>): AgentError {
  return new AgentError({ status: 0, code: AGENT_CODES.validation, message, ...(details ? { details } : {}) });
}

export function fromZodError(err: ZodError): AgentError {
  const issue = err.issues[0];
  if (issue?.code === 'unrecognized_keys') return invalid(`Unknown field: ${issue.keys.join(', ')}`);
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return invalid(`${where}${issue?.message ?? 'invalid input'}`);
}

export function checkName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw invalid('A zone needs a name');
  if (name.length > ZONE_NAME_MAX) throw invalid(`A zone name can be at most ${ZONE_NAME_MAX} characters`);
  return name;
}

function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Returns the URL in a canonical form (lower-case host, no default port, no trailing slash). */
export function checkBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`"${text}" is not a URL; it should look like https://zone.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('The base URL must start with https://');
  if (url.username || url.password) throw invalid('The base URL must not contain a user name or password');
  if (url.search || text.includes('?')) throw invalid('The base URL must not contain a query (?…)');
  if (url.hash || text.includes('#')) throw invalid('The base URL must not contain a fragment (#…)');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw invalid('The base URL must use https:// (http:// is allowed only for this computer: localhost, 127.0.0.1, ::1)');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function checkColor(raw: string): string {
  const c = raw.trim().toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(c)) throw invalid(`The colour "${raw}" should look like #2f80ed`);
  return c;
}

export function pickColor(inUse: readonly string[]): string {
  return ZONE_PALETTE.find((c) => !inUse.includes(c)) ?? ZONE_PALETTE[inUse.length % ZONE_PALETTE.length]!;
}

/** The file must hold at least one PEM certificate, and every one in it must parse. */
export function checkCaFile(raw: string): string {
  if (!isAbsolute(raw)) throw invalid(`The CA file must be given as an absolute path, not "${raw}"`);
  const path = normalize(raw);
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw invalid(`The CA file ${path} is not a file`);
    size = st.size;
  } catch (err) {
    if (err instanceof AgentError) throw err;
    throw invalid(`The CA file ${path} does not exist or cannot be read`);
  }
  if (size > MAX_CA_BYTES) throw invalid(`The CA file ${path} is too large to be a certificate bundle`);
  const text = readFileSync(path, 'utf8');
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw invalid(`The CA file ${path} contains no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  blocks.forEach((pem, i) => {
    try {
      new X509Certificate(pem);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw invalid(`Certificate ${i + 1} in the CA file ${path} could not be read: ${why}`);
    }
  });
  return path;
}

/** A short, stable, URL-safe id from a name; the registry adds -2, -3 … when taken. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return s || 'zone';
}
