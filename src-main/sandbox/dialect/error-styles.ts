/**
 * The error styles a `random:N` zone picks from: the four seeded shapes and five of the widely used
 * public ones (RFC 9457, Microsoft/OData, Google, JSON:API, Rails), whose bodies are errors.ts's
 * (one writer per shape). Each names the refused fields its own way, so a client's refusal reader
 * meets every form a real zone may use. The list's order is the seeds' choice: it stays.
 */
import type { SandboxResponse } from '../core/types';
import { errorBody, namedErrorBody, type ErrorFacts, type ExtraErrorShape } from './errors';
import { POINTS } from './points';

export const EXTRA_STYLES = ['problem', 'odata', 'google', 'jsonapi', 'rails'] as const;
export type ErrorStyle = (typeof POINTS.errorShape)[number] | (typeof EXTRA_STYLES)[number];
export const ERROR_STYLES: readonly ErrorStyle[] = [...POINTS.errorShape, ...EXTRA_STYLES];

export type Place = 'body' | 'query';

/** The named shapes of errors.ts each extra style is written in (`problem` is RFC 9457's). */
const SHAPE_OF: Readonly<Record<(typeof EXTRA_STYLES)[number], ExtraErrorShape>> = {
  problem: 'rfc9457',
  odata: 'odata',
  google: 'google',
  jsonapi: 'jsonapi',
  rails: 'rails',
};

/** The named fields: those given, else the handler's `details.field`. */
function fieldsOf(f: ErrorFacts, names?: readonly string[]): string[] {
  if (names?.length) return [...names];
  return typeof f.details.field === 'string' ? [f.details.field] : [];
}

/** The error `f` in `style`, naming `names` (a refusal) or the field the handler named. */
export function styledError(
  style: ErrorStyle,
  f: ErrorFacts,
  names?: readonly string[],
  place: Place = 'body',
): unknown {
  const named = fieldsOf(f, names);
  if (Object.hasOwn(SHAPE_OF, style))
    return namedErrorBody(SHAPE_OF[style as (typeof EXTRA_STYLES)[number]], f, named, place);
  const shape = style as (typeof POINTS.errorShape)[number];
  if (named.length > 1) return errorBody(shape, { ...f, details: { ...f.details, missing: named } }, named[0], place);
  return errorBody(shape, f, named[0], place);
}

/** A refusal of a request that named fields or parameters otherwise than the zone: 400 query, 422 body. */
export function styledRefusal(style: ErrorStyle, place: Place, names: readonly string[]): SandboxResponse {
  const status = place === 'query' ? 400 : 422;
  const what = place === 'query' ? 'query parameter' : 'field';
  const message = `missing required ${what}${names.length > 1 ? 's' : ''} ${names.map((n) => `'${n}'`).join(', ')}`;
  const code = place === 'query' ? 'invalid_request' : 'validation_failed';
  return { status, json: styledError(style, { status, code, message, details: {} }, names, place) };
}
