/**
 * api.call for a call whose fields' names the zone decides (`words`) or whose body is raw text
 * (`encoding: 'text'`). The fields go out under the names this zone taught the agent; a 400/422/415
 * that names a field the call did not send is tried once under that name (a 415 that wants text:
 * once with the text field as the raw body, words/text-body.ts), and when the zone then takes it,
 * that is remembered for the zone (zones file, shown in its details). A refused call was not
 * applied, so one retry is safe; a second refusal is the answer.
 */
import type { ApiCallInput, ApiResult } from '../../contract/commands';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { Route } from '../../contract/routes';
import type { LearnedWord } from '../../contract/zone-words';
import type { AgentContext } from '../context';
import type { ZoneResponse } from '../http/zone-client';
import { type Fields, renamesFor, renamed, sentOf, slotsOf, withLearned } from '../words/word-slots';
import { asText, textSlot, wantsText } from '../words/text-body';

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
    const taught: LearnedWord[] = [];
    const slot =
      encoding !== 'text' &&
      route.request !== 'empty' &&
      wantsText(err.status, err.message, err.code) &&
      textSlot(fields, slots);
    const switched = slot && asText(fields, slots, slot, learned);
    if (slot && switched) {
      const { role } = slot.choice;
      taught.push({
        role,
        place: 'body',
        name: slot.name,
        instead: slot.name,
        operationId: route.id,
        learnedAt,
        encoding: 'text',
      });
      [fields, encoding, textRole] = [switched, 'text', role];
    } else {
      for (const { slot: s, to } of renamesFor(err.status, expectedOf(err), slots, fields)) {
        taught.push({
          role: s.choice.role,
          place: s.place,
          name: to,
          instead: s.name,
          operationId: route.id,
          learnedAt,
        });
        fields = renamed(fields, s, to);
      }
    }
    if (!taught.length) throw err;
    const res = await attempt(fields);
    remember(ctx, input.zone, record?.baseUrl, taught);
    return { status: res.status, data: res.data, sent: sent(), res };
  }
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
