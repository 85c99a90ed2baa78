/**
 * Config vars (environment variables): GET shows the map, PUT replaces it whole. A running
 * instance takes the change live (best effort, reported as applied_live); otherwise it applies at
 * the next start. Database attachments write their URL here too, so both share `writeVars`.
 */
import type { Handler } from '../core/types';
import { body, ok } from '../kit/http';
import { record } from './activity';
import { type ComputeCtx, find } from './context';
import type { KindDef } from './kinds';
import type { Instance } from './model';
import { CONFIG_KEY_RE, Fields } from './validate';

/** Reads `{config_vars:{…}}` (or a bare map): keys must look like env names, values are strings. */
export function readVars(raw: unknown, f: Fields, field = 'config_vars'): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    f.add(field, 'config_vars must be an object of KEY: "value" pairs.');
    return out;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (!CONFIG_KEY_RE.test(k))
      f.add(`${field}.${k}`, 'Keys are upper-case letters, digits and _, not starting with a digit.');
    else if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else f.add(`${field}.${k}`, 'Values must be strings.');
  }
  return out;
}

/** Stores the map and reports whether the running process picked it up. */
export function writeVars(ctx: ComputeCtx, inst: Instance, vars: Record<string, string>, why: string): boolean {
  inst.configVars = vars;
  inst.updatedAt = ctx.world.clock.now();
  const live = inst.status === 'running';
  const how = live ? 'applied live' : `persisted; applied at next start (instance is ${inst.status})`;
  record(ctx.world, inst, 'config_applied', `${why}: ${Object.keys(vars).length} config vars, ${how}`);
  return live;
}

export function configVarHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  return {
    [`${def.area}.configVars.get`]: (req) => ok({ config_vars: { ...find(ctx, req, def).configVars } }),
    [`${def.area}.configVars.replace`]: (req) => {
      const inst = find(ctx, req, def);
      const b = body(req);
      const f = new Fields();
      const vars = readVars('config_vars' in b ? b.config_vars : b, f);
      f.check();
      const live = writeVars(ctx, inst, vars, 'config vars replaced');
      return ok({ config_vars: { ...vars }, applied_live: live });
    },
  };
}
