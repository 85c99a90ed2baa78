/** Commands over the zone registry. The registry validates and persists; these relay. */
import { z } from 'zod';
import { command, empty, zoneId } from './define';
import type { AgentContext } from '../context';
import type { CommandInput, ZoneView } from '../../contract/commands';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { checkZoneColor } from '../../contract/zone-colors';
import { checkBaseUrl } from '../../contract/zone-url';
import { originOf } from '../zone-runtimes';
import { applyImport, exportZones, planImport } from '../zones/zone-share';
import { mergeShared } from '../../contract/dictionary/dictionary-edits';
import { learnedName } from '../zones/zone-types';
import { ROUTES_BY_ID } from '../../contract/routes';
import type { LearnedWord } from '../../contract/zone-words';

export function zoneViews(ctx: AgentContext): ZoneView[] {
  return ctx.registry.list().map((r) => ctx.zones.view(r));
}

const name = z.string().trim().min(1, 'Give the zone a name').max(40);
/** A zod check from one of the contract's rules, so a bad field is named in details.fields. */
const ruled = (check: (text: string) => { ok: true } | { ok: false; reason: string }) =>
  z.string().superRefine((text, ctx) => {
    const r = check(text);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason });
  });
const baseUrl = ruled(checkBaseUrl);
const color = ruled(checkZoneColor);
const caFile = z.string().min(1).max(4096);
/** The registry trims it and says when it is too long; blank means no group. */
const group = z.string().max(200);

export const zonesList = command<'zones.list'>(empty, async (_i, ctx) => zoneViews(ctx));

export const zonesAdd = command<'zones.add'>(
  z
    .object({
      name,
      baseUrl,
      color: color.optional(),
      caFile: caFile.optional(),
      group: group.optional(),
      protected: z.boolean().optional(),
    })
    .strict(),
  async (input, ctx) => addZone(ctx, input),
);

type ZonePatch = Omit<CommandInput<'zones.update'>, 'id'>;

/** Saving rebuilds the zone's runtime: a new origin starts signed out and forgets the stored credential. */
async function updateZone(ctx: AgentContext, id: string, patch: ZonePatch): Promise<ZoneView> {
  const before = ctx.registry.get(id);
  const record = ctx.registry.update(id, patch);
  ctx.log.info('zone updated', { zone: id, changed: Object.keys(patch) });
  if (before && originOf(before.baseUrl) !== originOf(record.baseUrl)) {
    const others = ctx.registry
      .list()
      .filter((z) => z.id !== id)
      .map((z) => new URL(z.baseUrl).hostname);
    await ctx.cookies.forgetMoved(new URL(before.baseUrl).hostname, others);
    ctx.log.info('zone moved to another origin: signed out, saved sign-in and cookie forgotten', {
      zone: id,
      from: originOf(before.baseUrl),
      to: originOf(record.baseUrl),
    });
  }
  return ctx.zones.view(record);
}

function addZone(ctx: AgentContext, input: CommandInput<'zones.add'>): ZoneView {
  const record = ctx.registry.add(input);
  ctx.log.info('zone added', { zone: record.id, baseUrl: record.baseUrl, privateCa: !!record.caFile });
  return ctx.zones.view(record);
}

export const zonesUpdate = command<'zones.update'>(
  z
    .object({
      id: zoneId,
      name: name.optional(),
      baseUrl: baseUrl.optional(),
      color: color.optional(),
      caFile: caFile.nullable().optional(),
      protected: z.boolean().optional(),
      group: group.nullable().optional(),
    })
    .strict(),
  async ({ id, ...patch }, ctx) => updateZone(ctx, id, patch),
);

export const zonesExport = command<'zones.export'>(empty, async (_i, ctx) => {
  const file = exportZones(ctx.registry.list());
  ctx.log.info('zones exported', { count: file.zones.length });
  return { fileName: 'zonedeck-zones.json', text: JSON.stringify(file, null, 2) + '\n' };
});

/** A team's file is a few KiB; the bound keeps a wrong file (a video) from being parsed. */
const MAX_ZONES_FILE = 256 * 1024;

export const zonesImport = command<'zones.import'>(
  z
    .object({
      text: z.string().max(MAX_ZONES_FILE, 'This file is too large to be a zones file (256 KiB at most)'),
      apply: z.boolean(),
      take: z.array(z.string().max(200)).max(500).optional(),
    })
    .strict(),
  async ({ text, apply, take }, ctx) => {
    let plan;
    try {
      plan = planImport(ctx.registry.list(), text);
    } catch (err) {
      throw new AgentError({ status: 0, code: AGENT_CODES.validation, message: (err as Error).message });
    }
    if (!apply) return { plan, applied: [] };
    let applied;
    try {
      applied = await applyImport(
        plan,
        take ?? [],
        {
          add: async (entry) => addZone(ctx, entry),
          update: (id, patch) => updateZone(ctx, id, patch),
          remove: async (id) => ctx.registry.remove(id),
          dictionary: async (id, theirs) => ctx.registry.editDictionary(id, (d) => mergeShared(d, theirs)),
        },
        ctx.registry.list(),
      );
    } catch (err) {
      throw new AgentError({ status: 0, code: AGENT_CODES.validation, message: (err as Error).message });
    }
    ctx.log.info('zones imported', { applied: applied.length, skipped: plan.skipped.length });
    return { plan, applied };
  },
);

export const zonesRemove = command<'zones.remove'>(z.object({ id: zoneId }).strict(), async ({ id }, ctx) => {
  const rt = ctx.zones.all().find((z) => z.record.id === id);
  await rt?.session
    .signOut()
    .catch((err: unknown) => ctx.log.warn('signing out of a removed zone failed', { zone: id, err }));
  ctx.registry.remove(id);
  ctx.log.info('zone removed', { zone: id });
  return null;
});

export const zonesForgetWords = command<'zones.forgetWords'>(z.object({ id: zoneId }).strict(), async ({ id }, ctx) => {
  const record = ctx.registry.forgetWords(id);
  ctx.log.info('names learned from the zone forgotten', { zone: id });
  return ctx.zones.view(record);
});

const word = z.string().min(1).max(100);

/**
 * A name a save taught (the renderer's compare: the value did not stick, a second write under this
 * name did). Checked as a refusal's name is: an identifier, never `__proto__`/`constructor`/
 * `prototype`, for an operation in the route table; kept for the zone as learned from a save.
 */
export const zonesLearnWord = command<'zones.learnWord'>(
  z
    .object({
      id: zoneId,
      role: word,
      place: z.enum(['body', 'query']),
      name: learnedName,
      instead: word,
      operationId: word.refine((op) => ROUTES_BY_ID.has(op), 'Not an operation of the route table'),
      from: z.enum(['compare', 'person']).optional(),
    })
    .strict(),
  async ({ id, from = 'compare', ...taught }, ctx) => {
    const record = ctx.registry.get(id);
    if (!record)
      throw new AgentError({ status: 0, code: AGENT_CODES.unknownZone, message: `There is no zone "${id}"` });
    const learned: LearnedWord = { ...taught, learnedAt: new Date().toISOString(), from };
    if (ctx.registry.learnWords(id, record.baseUrl, [learned]))
      ctx.zones
        .get(id)
        .log.info(
          from === 'person'
            ? 'a person chose a name the zone asked for'
            : 'learned a name from a save the zone kept otherwise',
          {
            role: taught.role,
            name: taught.name,
            instead: taught.instead,
            operationId: taught.operationId,
          },
        );
    return ctx.zones.view(ctx.registry.get(id) ?? record);
  },
);
