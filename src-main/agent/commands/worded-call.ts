/**
 * api.call for a call whose fields' names the zone decides (`words`) or whose body is raw text
 * (`encoding: 'text'`). The fields go out under the names this zone taught the agent; a 400/422/415
 * that names a field the call did not send is tried once under that name, and when the zone then
 * takes it, the name is remembered for the zone (zones file, shown in its details). A refused call
 * was not applied, so one retry is safe; a second refusal is the answer.
 */
import type { ApiCallInput, ApiResult } from '../../contract/commands';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { Route } from '../../contract/routes';
import type { LearnedWord } from '../../contract/zone-words';
import type { AgentContext } from '../context';
import type { ZoneResponse } from '../http/zone-client';
import { type Fields, renamesFor, renamed, sentOf, slotsOf, withLearned } from '../words/word-slots';

/** Statuses that say "not in these words": the call was refused, not applied. */
const REFUSALS = new Set([400, 415, 422]);

type Send = (input: Omit<ApiCallInput, 'operationId'>) => Promise<ZoneResponse>;

function expectedOf(err: AgentError): string[] {
  const e = err.details?.expected;
  return Array.isArray(e) ? e.filter((n): n is string => typeof n === 'string') : [];
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
  let fields: Fields = { body: input.body, query: input.query ?? {} };
  const slots = slotsOf(words, fields);
  fields = withLearned(fields, slots, record?.learnedWords);
  const attempt = (f: Fields) => send({ ...input, body: f.body, query: f.query });
  try {
    const res = await attempt(fields);
    return { status: res.status, data: res.data, ...(input.words ? { sent: sentOf(slots) } : {}), res };
  } catch (err) {
    if (!(err instanceof AgentError) || !REFUSALS.has(err.status)) throw err;
    const changes = renamesFor(err.status, expectedOf(err), slots, fields);
    if (!changes.length) throw err;
    const learnedAt = new Date().toISOString();
    const taught: LearnedWord[] = changes.map(({ slot, to }) => ({
      role: slot.choice.role,
      place: slot.place,
      name: to,
      instead: slot.name,
      operationId: route.id,
      learnedAt,
    }));
    for (const { slot, to } of changes) fields = renamed(fields, slot, to);
    const res = await attempt(fields);
    remember(ctx, input.zone, record?.baseUrl, taught);
    return { status: res.status, data: res.data, sent: sentOf(slots), res };
  }
}

/** Keeps the words for the zone and says so in the log (names, never values); the call's success stands either way. */
function remember(ctx: AgentContext, zone: string, baseUrl: string | undefined, words: LearnedWord[]): void {
  const log = ctx.zones.get(zone).log;
  const names = words.map(({ role, place, name, instead, operationId }) => ({
    role,
    place,
    name,
    instead,
    operationId,
  }));
  try {
    if (baseUrl && ctx.registry.learnWords(zone, baseUrl, words)) log.info('learned names from the zone', { names });
  } catch (err) {
    log.warn('could not keep names learned from the zone', { names, err });
  }
}
