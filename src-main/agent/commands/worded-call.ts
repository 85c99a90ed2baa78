/**
 * api.call for a call whose fields' names the zone decides (`words`) or whose body is raw text
 * (`encoding: 'text'`). The fields go out under the names this zone taught the agent; a 400/422/415
 * that names a field the call did not send (in any error shape, in prose or in a code, as
 * http/error-body.ts reads it, with where it goes and what the zone refuses) is tried under that
 * name (a 415 that wants text: with the text field as the raw body, words/text-body.ts), and once
 * more when the zone's answer to that names yet another (MAX_TRIES); when the zone then takes it,
 * that is remembered for the zone (zones file, shown in its details). A refused call was not
 * applied, so a bounded retry is safe; the last refusal is the answer, marked `details.retried`
 * so no caller retries on top.
 */
import { jsonEqual } from '../../contract/json-equal';
import type { ApiCallInput, ApiResult } from '../../contract/commands';
import { AGENT_CODES, AgentError, RETRIED } from '../../contract/errors';
import type { Route } from '../../contract/routes';
import { isRecord } from '../../contract/tolerant';
import type { LearnedWord } from '../../contract/zone-words';
import type { AgentContext } from '../context';
import type { ZoneResponse } from '../http/zone-client';
import { type Fields, type NamedField, renamesFor, renamed, sentOf, slotsOf, withLearned } from '../words/word-slots';
import { asText, textSlot, wantsText } from '../words/text-body';
import { valueAtName } from '../words/nested-body';
import { allowedValuesIn } from '../words/allowed-values';

/**
 * Tries after a refusal: a zone may refuse in two layers (its edge names its own field for what was
 * sent, then its handler another), each try bounded, and a refused call was not applied.
 */
const MAX_TRIES = 2;

/** Statuses that say "not in these words": the call was refused, not applied. */
const REFUSALS = new Set([400, 415, 422]);

type Send = (input: Omit<ApiCallInput, 'operationId'>) => Promise<ZoneResponse>;

const PLACES = new Set(['body', 'query', 'path', 'header']);

/**
 * The fields the refusal named, as the error reader found them (http/error-map.ts): the names to
 * try (`expected`), each with its place and nested path when the zone said them, and the names it refused.
 */
function namedOf(err: AgentError): NamedField[] {
  const e = err.details?.expected;
  const expected = Array.isArray(e) ? e.filter((n): n is string => typeof n === 'string') : [];
  const h = err.details?.refusalHints;
  const hints = Array.isArray(h) ? h.filter(isRecord) : [];
  const hint = (name: string) => hints.find((x) => x.name === name);
  const placeOf = (x: Record<string, unknown> | undefined) =>
    typeof x?.place === 'string' && PLACES.has(x.place) ? { place: x.place } : {};
  // Where in the body it goes, when the zone named a nested path (checked again where it is used).
  const nestedOf = (x: Record<string, unknown> | undefined) =>
    typeof x?.nested === 'string' ? { nested: x.nested } : {};
  const rejected = hints.flatMap((x) => (x.kind === 'rejected' && typeof x.name === 'string' ? [x.name] : []));
  return [
    ...expected.map((name) => ({ name, ...placeOf(hint(name)), ...nestedOf(hint(name)) })),
    ...rejected.map((name) => ({ name, rejected: true })),
  ];
}

export async function wordedCall(
  route: Route,
  input: Omit<ApiCallInput, 'operationId'>,
  ctx: AgentContext,
  send: Send,
): Promise<ApiResult & { res: ZoneResponse }> {
  if (input.encoding === 'text' && input.body !== undefined && typeof input.body !== 'string') {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.validation,
      message: `Invalid input for ${route.id} — a body sent as text must be a string.`,
      details: { fields: { body: 'Expected a string' } },
    });
  }
  const words = input.words ?? {};
  const record = ctx.registry.get(input.zone);
  const learned = record?.learnedWords;
  let fields: Fields = { body: input.body, query: input.query ?? {} };
  const slots = slotsOf(words, fields);
  fields = withLearned(fields, slots, learned);
  let encoding = input.encoding;
  let textRole: string | undefined;
  // A zone that taught it takes one field's value as the raw body: send it so from the start.
  const taughtText = encoding !== 'text' ? learned?.find((w) => w.encoding === 'text') : undefined;
  const known = taughtText && textSlot(fields, slots, taughtText.role);
  const asKnown = known && asText(fields, slots, known, learned);
  if (known && asKnown) [fields, encoding, textRole] = [asKnown, 'text', known.choice.role];
  const attempt = (f: Fields) => send({ ...input, body: f.body, query: f.query, ...(encoding ? { encoding } : {}) });
  const sent = () => sentOf(slots, textRole);
  try {
    const res = await attempt(fields);
    return { status: res.status, data: res.data, ...(input.words ? { sent: sent() } : {}), res };
  } catch (err) {
    if (!(err instanceof AgentError) || !REFUSALS.has(err.status)) throw err;
    const learnedAt = new Date().toISOString();
    /** What one refusal teaches, applied to the call: the text body, else the renames it ties. */
    const lessons = (refusal: AgentError, tried: ReadonlySet<string>): LearnedWord[] => {
      const slot =
        encoding !== 'text' &&
        route.request !== 'empty' &&
        wantsText(refusal.status, refusal.message, refusal.code) &&
        textSlot(fields, slots);
      const switched = slot && asText(fields, slots, slot, learned);
      if (slot && switched) {
        const { role } = slot.choice;
        [fields, encoding, textRole] = [switched, 'text', role];
        const name = slot.name;
        return [{ role, place: 'body', name, instead: name, operationId: route.id, learnedAt, encoding: 'text' }];
      }
      const out: LearnedWord[] = [];
      const named = namedOf(refusal);
      for (const { slot: s, to } of renamesFor(
        refusal.status,
        named,
        slots,
        fields,
        allowedValuesIn(refusal.message),
      )) {
        // A name this call already went under is not tried again.
        if (tried.has(`${s.choice.role} ${to}`)) continue;
        out.push({ role: s.choice.role, place: s.place, name: to, instead: s.name, operationId: route.id, learnedAt });
        fields = renamed(fields, s, to);
      }
      return out;
    };
    const taught: LearnedWord[] = [];
    let refusal = err;
    let res: ZoneResponse;
    for (let tries = 1; ; tries++) {
      const tried = new Set(taught.flatMap((w) => [`${w.role} ${w.name}`, `${w.role} ${w.instead}`]));
      const fresh = lessons(refusal, tried);
      if (!fresh.length) throw tries === 1 ? refusal : retried(refusal);
      // A field renamed twice is learned under its last name, instead of the one first sent.
      for (const w of fresh) {
        const i = taught.findIndex((t) => t.role === w.role && t.place === w.place);
        if (i < 0) taught.push(w);
        else taught[i] = { ...w, instead: taught[i]!.instead };
      }
      try {
        res = await attempt(fields);
        break;
      } catch (again) {
        if (!(again instanceof AgentError)) throw again;
        if (tries >= MAX_TRIES || !REFUSALS.has(again.status)) throw retried(again);
        refusal = again;
      }
    }
    // A zone that answered with its record but kept none of what went under the new names taught nothing.
    // A field the reply does not carry back (a lint's verdict) is not looked for in it.
    const looked = taught.filter((w) => !slots.some((s) => s.choice.role === w.role && s.choice.echoed === false));
    if (keptSome(res.data, fields, looked)) remember(ctx, input.zone, record?.baseUrl, taught);
    else
      ctx.log.info('a retried call was taken, but the zone kept nothing sent under the new names: not learned', {
        zone: input.zone,
        names: taught.map((w) => w.name),
      });
    return { status: res.status, data: res.data, sent: sent(), res };
  }
}

/** Whether `v` is somewhere in `reply` (its top, or two records down): the zone kept it. */
function holds(reply: unknown, v: unknown, depth = 0): boolean {
  if (jsonEqual(reply, v)) return true;
  if (depth >= 3 || typeof reply !== 'object' || reply === null) return false;
  const inner = Array.isArray(reply) ? reply.slice(0, 50) : Object.values(reply).slice(0, 200);
  return inner.some((x) => holds(x, v, depth + 1));
}

/**
 * Whether the reply keeps a value sent under a taught body name. A reply with no record (204, an
 * acknowledgement) cannot say, so it does not veto; a query name or a raw text body is not checked.
 */
function keptSome(reply: unknown, fields: Fields, taught: readonly LearnedWord[]): boolean {
  const checked = taught.filter((w) => w.place === 'body' && !w.encoding);
  const body = fields.body;
  if (!checked.length || typeof reply !== 'object' || reply === null || !body || typeof body !== 'object') return true;
  return checked.some((w) => {
    const v = valueAtName(body, w.name);
    return v === undefined || holds(reply, v);
  });
}

/**
 * A refusal of the agent's own retry, marked so: the caller (the page) must not retry it again.
 * One retry policy, here; a refused call was not applied, but a third try is guessing.
 */
function retried(err: AgentError): AgentError {
  return new AgentError({ ...err.toJSON(), details: { ...err.details, [RETRIED]: true } });
}

/** Keeps the words for the zone and says so in the log (names, never values); the call's success stands either way. */
function remember(ctx: AgentContext, zone: string, baseUrl: string | undefined, words: LearnedWord[]): void {
  const log = ctx.zones.get(zone).log;
  const names = words.map(({ role, place, name, instead, operationId, encoding }) => ({
    role,
    place,
    name,
    instead,
    operationId,
    ...(encoding ? { encoding } : {}),
  }));
  try {
    if (baseUrl && ctx.registry.learnWords(zone, baseUrl, words)) log.info('learned names from the zone', { names });
  } catch (err) {
    log.warn('could not keep names learned from the zone', { names, err });
  }
}
