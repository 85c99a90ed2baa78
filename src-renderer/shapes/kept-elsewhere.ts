/**
 * After a save whose compare shows a typed value did not stick: which field of the record, as the
 * zone read it back, should have held it — and one more write under that name. Most JSON APIs
 * silently drop a field they do not know, so no refusal teaches the name; the read-back does. A
 * field qualifies when it was not sent, holds a value of the typed value's type (or is empty), is
 * not an id, a time or a state, and holds nothing else the user typed. One candidate is taken; of
 * several, the one the field's role names (`name` in `case_name`), else the one whose value the
 * save changed or that holds the zone's default (the same value in the zone's other records).
 * Otherwise nothing is guessed: the caller says so, and the form keeps what was typed.
 */
import type { WordChoice } from '@contract/zone-words';
import { jsonEqual } from '@contract/json-equal';
import { isRecord, type Raw } from '@contract/tolerant';
import type { Worded } from './words';

/** A typed value that did not stick: its role, the name it was sent under, the value. */
export interface Missed {
  role: string;
  sentAs: string;
  value: unknown;
}

export type FieldFound = { name: string } | { name: undefined; why: 'none' | 'several'; candidates: string[] };

export interface FindContext {
  /** Every name the save sent (those fields were read by their own names, not dropped). */
  sent: readonly string[];
  /** Every value the save sent: a field holding one of them holds something else typed. */
  typed: readonly unknown[];
  /** The record before the save (an update), to see which field the save changed. */
  before?: Raw;
  /** The zone's other records of this kind, to recognise its default value. */
  others?: readonly Raw[];
}

const ID_KEY = /(^|_)(id|uuid|guid|key|ref)$|[a-z](Id|Uuid|Key)$|^(id|uuid|etag|version|rev)$/i;
const TIME_KEY = /(_at|At|_on|On|time|Time|date|Date|timestamp|stamp)$|^(created|updated|modified)/;
const STATE_KEY = /(^|_)(status|state|phase|health)$|[a-z](Status|State|Phase)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A learned name is an identifier, never one that reaches a prototype. */
const IDENT = /^[A-Za-z_][\w.-]{0,63}$/;
const PROTO = new Set(['__proto__', 'constructor', 'prototype']);

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The words a role or name is made of: `evalCase.expected` → evalcase, expected; `caseName` → case, name. */
function tokens(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1);
}

function looksLikeOther(key: string, v: unknown): boolean {
  if (ID_KEY.test(key) || TIME_KEY.test(key) || STATE_KEY.test(key)) return true;
  return typeof v === 'string' && (UUID.test(v) || ISO_TIME.test(v));
}

/** The field of `readBack` that should have held `missed`, or why there is none to name. */
export function fieldThatShouldHold(readBack: Raw, missed: Missed, ctx: FindContext): FieldFound {
  const sent = new Set(ctx.sent);
  const want = kindOf(missed.value);
  const candidates = Object.keys(readBack)
    .slice(0, 200)
    .filter((k) => {
      const v = readBack[k];
      if (sent.has(k) || !IDENT.test(k) || PROTO.has(k) || looksLikeOther(k, v)) return false;
      if (v !== null && v !== '' && kindOf(v) !== want) return false;
      return !ctx.typed.some((t) => t !== '' && jsonEqual(t, v));
    });
  if (candidates.length === 1) return { name: candidates[0]! };
  if (candidates.length === 0) return { name: undefined, why: 'none', candidates };
  // The role names it: `name` of evalCase.name (or of the name it was sent under) in `case_name`.
  const words = new Set([...tokens(missed.role.slice(missed.role.lastIndexOf('.') + 1)), ...tokens(missed.sentAs)]);
  const named = candidates.filter((k) => tokens(k).some((t) => words.has(t)));
  if (named.length === 1) return { name: named[0]! };
  const pool = named.length ? named : candidates;
  // The save changed it, or it holds what the zone's other records hold (a default).
  const changed = ctx.before ? pool.filter((k) => !jsonEqual(ctx.before![k], readBack[k])) : [];
  if (changed.length === 1) return { name: changed[0]! };
  const defaulted = pool.filter((k) => (ctx.others ?? []).some((o) => o !== readBack && jsonEqual(o[k], readBack[k])));
  if (defaulted.length === 1) return { name: defaulted[0]! };
  return { name: undefined, why: 'several', candidates: pool };
}

/** One field moved to the name the read-back showed for it. */
export interface Rename {
  role: string;
  from: string;
  to: string;
  value: unknown;
}

export interface RetryPlan {
  /** The same save once more (an update of the same record), the missed fields under their found names. */
  body: Worded;
  renames: Rename[];
  /** Missed values no field could be named for (the caller says so; the form keeps them). */
  unnamed: { missed: Missed; found: Extract<FieldFound, { name: undefined }> }[];
}

/**
 * The one retry of a save: `body` (as it would be sent to update the record) with each missed
 * value moved to the field found for it, sent as firm (the agent sends it under that name).
 * No renames: no missed value has a field to go to, and nothing is to be written again.
 */
export function retryPlan(body: Worded, readBack: Raw, missed: readonly Missed[], ctx: FindContext): RetryPlan {
  const values: Raw = { ...body.values };
  const words: Record<string, WordChoice> = { ...body.words };
  const renames: Rename[] = [];
  const unnamed: RetryPlan['unnamed'] = [];
  const taken = new Set<string>();
  for (const m of missed) {
    const found = fieldThatShouldHold(readBack, m, ctx);
    if (found.name === undefined) {
      unnamed.push({ missed: m, found });
      continue;
    }
    if (taken.has(found.name)) {
      // Two missed values point at one field: neither is guessed.
      unnamed.push({ missed: m, found: { name: undefined, why: 'several', candidates: [found.name] } });
      continue;
    }
    taken.add(found.name);
    const from = Object.keys(values).find((k) => words[k]?.role === m.role) ?? m.sentAs;
    delete values[from];
    delete words[from];
    values[found.name] = m.value;
    words[found.name] = { role: m.role, firm: true };
    renames.push({ role: m.role, from: m.sentAs, to: found.name, value: m.value });
  }
  return { body: { values, words }, renames, unnamed };
}

/** Whether the record read back after the retry holds each moved value under its new name. */
export function retryStuck(readBack: Raw | undefined, plan: RetryPlan): boolean {
  return isRecord(readBack) && plan.renames.every((r) => jsonEqual(readBack[r.to], r.value));
}
