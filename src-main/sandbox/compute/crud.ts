/**
 * List, create, get, update (PUT merges the fields given) and delete, for both kinds, plus the
 * action routes (start, stop, reschedule; microVMs also suspend, resume, reboot) that answer 202
 * with the record in its transitional status.
 */
import type { Handler } from '../core/types';
import { body, conflict, list, noContent, ok, tenantOf } from '../kit/http';
import { record } from './activity';
import { readVars } from './config-vars';
import { type ComputeCtx, find, view } from './context';
import { releaseDevices } from './devices';
import type { KindDef } from './kinds';
import { makeInstance } from './model';
import { Fields, readName, readNumber } from './validate';

function nameFree(ctx: ComputeCtx, def: KindDef, zoneId: string, tenantId: string, name: string, self?: string): void {
  const other = ctx.store.findByName(zoneId, tenantId, def.kind, name);
  if (other && other.id !== self)
    conflict('name_taken', `A ${def.label} named ${name} already exists.`, {
      fields: { name: 'Name already in use.' },
    });
}

export function crudHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  const { world, store, life } = ctx;
  const handlers: Record<string, Handler> = {
    [`${def.area}.list`]: (req) =>
      list(
        store.list(req.zone.id, tenantOf(req), def.kind).map((i) => {
          life.settle(i);
          return view(ctx, def, i);
        }),
      ),

    [`${def.area}.create`]: (req) => {
      const b = body(req);
      const f = new Fields();
      const name = readName(b, f, true);
      const spec = def.readSpec(b, f);
      const vars = b.config_vars === undefined ? undefined : readVars(b.config_vars, f);
      // Sandbox extension: pretend the container already wrote this many lines (big archives).
      const backlog = def.kind === 'container' ? readNumber(b, 'log_backlog', f, 0, 50_000_000, true) : undefined;
      if (b.start !== undefined && typeof b.start !== 'boolean') f.add('start', 'start must be true or false.');
      f.check();
      nameFree(ctx, def, req.zone.id, tenantOf(req), name!);
      const inst = makeInstance(
        {
          kind: def.kind,
          id: world.uuid(),
          zoneId: req.zone.id,
          tenantId: tenantOf(req),
          name: name!,
          status: 'pending',
          spec: { ...def.defaults, ...spec },
        },
        world.clock.now(),
      );
      if (backlog) inst.backlog = backlog;
      if (vars) inst.configVars = vars;
      store.add(inst);
      record(world, inst, 'created', `${def.label} ${inst.name} created`);
      life.provision(inst, b.start !== false);
      return ok(view(ctx, def, inst), 201);
    },

    [`${def.area}.get`]: (req) => ok(view(ctx, def, find(ctx, req, def))),

    [`${def.area}.update`]: (req) => {
      const inst = find(ctx, req, def);
      const b = body(req);
      const f = new Fields();
      const name = readName(b, f, false);
      const spec = def.readSpec(b, f);
      f.check();
      if (name !== undefined) nameFree(ctx, def, inst.zoneId, inst.tenantId, name, inst.id);
      const changed = [...(name !== undefined && name !== inst.name ? ['name'] : []), ...Object.keys(spec)];
      if (name !== undefined) inst.name = name;
      inst.spec = { ...inst.spec, ...spec };
      inst.updatedAt = world.clock.now();
      if (changed.length) record(world, inst, 'updated', `updated ${changed.join(', ')}`);
      return ok(view(ctx, def, inst));
    },

    [`${def.area}.delete`]: (req) => {
      const inst = find(ctx, req, def);
      life.cancel(inst);
      releaseDevices(ctx, inst);
      ctx.consoles.closeFor(inst.id, 4410, `${def.label} deleted`);
      store.remove(inst);
      return noContent();
    },
  };
  for (const action of def.actions) {
    handlers[`${def.area}.${action}`] = (req) => {
      const inst = find(ctx, req, def);
      life.act(inst, def, action);
      return ok(view(ctx, def, inst), 202);
    };
  }
  return handlers;
}
