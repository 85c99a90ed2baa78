/** Checks for zone fields, each failing with an AgentError('invalid_input') a person can read. */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, normalize } from 'node:path';
import type { ZodError } from 'zod';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { invalidInput } from '../../contract/invalid-input';
import { checkZoneColor } from '../../contract/zone-colors';
import { checkBaseUrl } from '../../contract/zone-url';
import { ZONE_GROUP_MAX, ZONE_NAME_MAX } from './zone-types';

const MAX_CA_BYTES = 1024 * 1024;

export function invalid(message: string, details?: Record<string, unknown>): AgentError {
  return new AgentError({ status: 0, code: AGENT_CODES.validation, message, ...(details ? { details } : {}) });
}

export function fromZodError(err: ZodError): AgentError {
  return invalidInput(err.issues);
}

export function checkName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw invalid('A zone needs a name');
  if (name.length > ZONE_NAME_MAX) throw invalid(`A zone name can be at most ${ZONE_NAME_MAX} characters`);
  return name;
}

/** The group trimmed, or undefined for a blank one (no group). */
export function checkGroup(raw: string): string | undefined {
  const group = raw.trim().replace(/\s+/g, ' ');
  if (group.length === 0) return undefined;
  if (group.length > ZONE_GROUP_MAX) throw invalid(`A group name can be at most ${ZONE_GROUP_MAX} characters`);
  return group;
}

/** The base URL in canonical form (contract/zone-url.ts holds the rule). */
export function requireBaseUrl(raw: string): string {
  const r = checkBaseUrl(raw);
  if (!r.ok) throw invalid(r.reason);
  return r.url;
}

/** The colour in lower case (contract/zone-colors.ts holds the rule). */
export function requireColor(raw: string): string {
  const r = checkZoneColor(raw);
  if (!r.ok) throw invalid(r.reason);
  return r.color;
}

/**
 * The file must hold at least one PEM certificate, and every one in it must parse. Every failure
 * after the absolute-path check gives the same sentence: a reply that told "does not exist" from
 * "not a certificate" would let a page probe which files exist anywhere on the disk.
 */
export function checkCaFile(raw: string): string {
  if (!isAbsolute(raw)) throw invalid(`The CA file must be given as an absolute path, not "${raw}"`);
  const path = normalize(raw);
  const unusable = () => invalid(`The CA file ${path} is not a readable file of PEM certificates`);
  let text: string;
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_CA_BYTES) throw unusable();
    text = readFileSync(path, 'utf8');
  } catch {
    throw unusable();
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw unusable();
  for (const pem of blocks) {
    try {
      new X509Certificate(pem);
    } catch {
      throw unusable(); // the reason would tell a certificate-like file apart
    }
  }
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
