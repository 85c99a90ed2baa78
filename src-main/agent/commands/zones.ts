/** Commands over the zone registry. The registry validates and persists; these relay. */
import { z } from 'zod';
import { command, empty, zoneId } from './define';
import type { AgentContext } from '../context';
import type { ZoneView } from '../../contract/commands';

export function zoneViews(ctx: AgentContext): ZoneView[] {
  return ctx.registry.list().map((r) => ctx.zones.view(r));
}

const name = z.string().trim().min(1, 'Give the zone a name').max(40);
const baseUrl = z.string().trim().url('Enter a full URL such as https://eu-1.example.com');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3b82f6');
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
  z.object({ id: zoneId, name: name.optional(), baseUrl: baseUrl.optional(), color: color.optional(), caFile: caFile.nullable().optional() }).strict(),
  async ({ id, ...patch }, ctx) => {
    const record = ctx.registry.update(id, patch);
    ctx.log.info('zone updated', { zone: id, changed: Object.keys(patch) });
    return ctx.zones.view(record);
  },
);

export const zonesRemove = command<'zones.remove'>(z.object({ id: zoneId }).strict(), async ({ id }, ctx) => {
  const rt = ctx.zones.all().find((z) => z.record.id === id);
  await rt?.session.signOut().catch((err: unknown) => ctx.log.warn('signing out of a removed zone failed', { zone: id, err }));
  ctx.registry.remove(id);
  ctx.log.info('zone removed', { zone: id });
  return null;
});
