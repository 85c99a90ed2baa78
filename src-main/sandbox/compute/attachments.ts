/**
 * Managed database attachments: attaching composes the database URL into a config var
 * (DATABASE_URL by default, REDIS_URL for Redis, or the one the request names); detaching removes
 * the attachment and that var. The databases themselves are the seeded catalog (catalog.ts).
 */
import type { Handler } from '../core/types';
import { body, conflict, list, noContent, notFound, ok } from '../kit/http';
import { record } from './activity';
import { databaseUrl, findDatabase } from './catalog';
import { writeVars } from './config-vars';
import { type ComputeCtx, find } from './context';
import type { KindDef } from './kinds';
import { type DatabaseAttachment, type Instance, iso } from './model';
import { CONFIG_KEY_RE, Fields } from './validate';

const show = (a: DatabaseAttachment) => ({ ...a, attached_at: iso(a.attached_at) });

/** Attach without the request plumbing; seeding uses it too. Returns the attachment and live flag. */
export function attachDatabase(ctx: ComputeCtx, inst: Instance, databaseId: string, configVar?: string) {
  const db = findDatabase(databaseId);
  const dbs = (inst.databases ??= []);
  if (dbs.some((a) => a.database_id === db.id)) conflict('already_attached', `database ${db.name} is already attached`);
  const name = configVar ?? db.defaultVar;
  const holder = dbs.find((a) => a.config_var === name);
  if (holder)
    conflict('config_var_in_use', `config var ${name} already holds database ${holder.name}; pass another config_var`);
  const a: DatabaseAttachment = {
    database_id: db.id,
    name: db.name,
    engine: db.engine,
    config_var: name,
    attached_at: ctx.world.clock.now(),
  };
  dbs.push(a);
  const live = writeVars(
    ctx,
    inst,
    { ...inst.configVars, [name]: databaseUrl(db, inst.zoneId) },
    `database ${db.name} attached as ${name}`,
  );
  record(ctx.world, inst, 'database_attached', `database ${db.name} (${db.engine}) attached as ${name}`);
  return { attachment: a, live };
}

export function attachmentHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  return {
    [`${def.area}.attachments.list`]: (req) => list((find(ctx, req, def).databases ?? []).map(show)),
    [`${def.area}.attachments.attachDatabase`]: (req) => {
      const inst = find(ctx, req, def);
      const b = body(req);
      const f = new Fields();
      if (typeof b.database_id !== 'string' || b.database_id === '') f.add('database_id', 'database_id is required.');
      const cv = b.config_var;
      if (cv !== undefined && (typeof cv !== 'string' || !CONFIG_KEY_RE.test(cv))) {
        f.add('config_var', 'config_var must look like an environment variable name (A-Z, 0-9, _).');
      }
      f.check();
      const { attachment, live } = attachDatabase(ctx, inst, b.database_id as string, cv as string | undefined);
      return ok({ ...show(attachment), applied_live: live }, 201);
    },
    [`${def.area}.attachments.detachDatabase`]: (req) => {
      const inst = find(ctx, req, def);
      const id = req.params.database_id ?? '';
      const a = inst.databases?.find((x) => x.database_id === id) ?? notFound('attached database', id);
      inst.databases = inst.databases?.filter((x) => x !== a);
      const { [a.config_var]: _gone, ...rest } = inst.configVars ?? {};
      writeVars(ctx, inst, rest, `database ${a.name} detached, ${a.config_var} removed`);
      record(ctx.world, inst, 'database_detached', `database ${a.name} detached`);
      return noContent();
    },
  };
}
