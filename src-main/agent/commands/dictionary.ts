/**
 * The zone's dictionary (contract/dictionary/): what a read inferred, a person's choice of a
 * field, and resets. Inputs are checked field keys only; the registry keeps and persists it,
 * and every window hears the change through `zones.changed`.
 */
import { z } from 'zod';
import { command, zoneId } from './define';
import { chooseField, noteRead, resetDictionary } from '../../contract/dictionary/dictionary-edits';
import { isFieldKey, KIND_NAME, pathText, type KindEntry } from '../../contract/dictionary/dictionary-types';
import { dictionarySchema, fieldPathSchema } from '../zones/dictionary-schema';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { AgentContext } from '../context';
import { readZoneKinds } from './infra/grab';

const kind = z
  .string()
  .regex(KIND_NAME)
  .refine((k) => isFieldKey(k));
const role = z.enum(['id', 'name', 'state', 'created']);
/** One kind's entry, checked as the zones file checks it. */
const seen = z.custom<KindEntry>((v) => dictionarySchema.safeParse({ kinds: { k: v } }).success, 'not a kind entry');

function viewAfter(ctx: AgentContext, zone: string) {
  const record = ctx.registry.get(zone);
  if (!record)
    throw new AgentError({ status: 0, code: AGENT_CODES.unknownZone, message: `There is no zone "${zone}"` });
  return ctx.zones.view(record);
}

export const dictionaryNote = command<'dictionary.note'>(
  z.object({ zone: zoneId, kind, seen }).strict(),
  async ({ zone, kind, seen }, ctx) => {
    const rt = ctx.zones.get(zone);
    if (ctx.registry.editDictionary(zone, (d) => noteRead(d, kind, seen), rt.record.baseUrl, { soon: true }))
      rt.log.info(`how ${kind} records of ${rt.record.name} read changed`, {
        kind,
        read: Object.fromEntries(Object.entries(seen.read).map(([r, e]) => [r, e && pathText(e.path)])),
        unsure: Object.keys(seen.unsure ?? {}),
      });
    return null;
  },
);

export const dictionaryChoose = command<'dictionary.choose'>(
  z.object({ zone: zoneId, kind, role, path: fieldPathSchema.nullable() }).strict(),
  async ({ zone, kind, role, path }, ctx) => {
    ctx.registry.editDictionary(zone, (d) => chooseField(d, kind, role, path));
    ctx.log.info('a field of the zone chosen', { zone, kind, role, path: path ? pathText(path) : null });
    return viewAfter(ctx, zone);
  },
);

export const dictionaryReset = command<'dictionary.reset'>(
  z.object({ zone: zoneId, kind: kind.optional() }).strict(),
  async ({ zone, kind }, ctx) => {
    ctx.registry.editDictionary(zone, (d) => resetDictionary(d, kind));
    ctx.log.info('the zone dictionary reset', { zone, kind: kind ?? 'all' });
    return viewAfter(ctx, zone);
  },
);

/**
 * Reads the zone's main kinds together and keeps what they show (grab.ts's read): a list that
 * could not tell a field alone is read again with the zone's habits complete, whichever list the
 * window happened to read first. A signed-out zone is not read. Answers the zone as it now reads.
 */
export const dictionarySurvey = command<'dictionary.survey'>(
  z.object({ zone: zoneId }).strict(),
  async ({ zone }, ctx) => {
    const rt = ctx.zones.get(zone);
    if (rt.session.view().state !== 'signed_out') await readZoneKinds(ctx, rt);
    return viewAfter(ctx, zone);
  },
);
