/**
 * Field validation for create and update: every problem is collected so one 400 names them all,
 * as `{error:'validation_failed', message, fields:{name:'…'}}`, which a form can show per field.
 */
import { HttpError } from '../core/types';
import type { Body } from '../kit/http';

export class Fields {
  readonly errors: Record<string, string> = {};

  add(field: string, message: string): void {
    this.errors[field] ??= message;
  }

  /** Throws the collected problems, if any. */
  check(): void {
    const names = Object.keys(this.errors);
    if (names.length === 0) return;
    throw new HttpError(400, 'validation_failed', `Invalid ${names.join(', ')}.`, { fields: this.errors });
  }
}

export const NAME_RE = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
export const CONFIG_KEY_RE = /^[A-Z_][A-Z0-9_]*$/;

export function readName(b: Body, f: Fields, required: boolean): string | undefined {
  const v = b.name;
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'string' || v.trim() === '') f.add('name', 'Name is required.');
  else if (!NAME_RE.test(v))
    f.add('name', 'Use 1-63 lowercase letters, digits and hyphens, starting and ending with a letter or digit.');
  else return v;
  return undefined;
}

export function readString(b: Body, key: string, f: Fields): string | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') f.add(key, `${key} must be a non-empty string.`);
  else return v;
  return undefined;
}

export function readNumber(
  b: Body,
  key: string,
  f: Fields,
  min: number,
  max: number,
  integer: boolean,
): number | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
    f.add(key, `${key} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`);
    return undefined;
  }
  return v;
}

export function readChoice<T extends string>(b: Body, key: string, f: Fields, allowed: readonly T[]): T | undefined {
  const v = b[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v))
    f.add(key, `${key} must be one of ${allowed.join(', ')}.`);
  else return v as T;
  return undefined;
}

/** Copies the defined values only, so an update leaves unspecified fields as they were. */
export function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
