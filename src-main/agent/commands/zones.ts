/** Commands over the zone registry. The registry validates and persists; these relay. */
import { z } from 'zod';
import { command, empty, zoneId } from './define';
import type { AgentContext } from '../context';
import type { ZoneView } from '../../contract/commands';
import { checkZoneColor } from '../../contract/zone-colors';
import { checkBaseUrl } from '../../contract/zone-url';
import { originOf } from '../zone-runtimes';

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

export const zonesList = command<'zones.list'>(empty, async (_i, ctx) => zoneViews(ctx));

export const zonesAdd = command<'zones.add'>(
  z.object({ name, baseUrl, color: color.optional(), caFile: caFile.optional() }).strict(),
  async (input, ctx) => {
    const record = ctx.registry.add(input);
    ctx.log.info('zone added', { zone: record.id, baseUrl: record.baseUrl, privateCa: !!record.caFile });
    return ctx.zones.view(record);
  },
);

export const zonesUpdate = command<'zones.update'>(
  z
    .object({
      id: zoneId,
      name: name.optional(),
      baseUrl: baseUrl.optional(),
      color: color.optional(),
      caFile: caFile.nullable().optional(),
    })
    .strict(),
  async ({ id, ...patch }, ctx) => {
    const before = ctx.registry.get(id);
    // Saving rebuilds the zone's runtime: a new origin starts signed out and forgets the stored credential.
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
