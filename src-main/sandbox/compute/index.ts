/**
 * The compute module: containers and microVMs. Both kinds share every handler family; the kind
 * descriptors (kinds.ts) add what differs (settings, microVM suspend/resume/reboot), and only
 * containers have logs. Payloads are invented (the spec leaves them open); docs/sandbox.md,
 * "Compute", documents them.
 */
import type { Handler, SandboxModule, WsHandler } from '../core/types';
import { events } from '../kit/shared';
import { activityHandlers } from './activity';
import { attachmentHandlers } from './attachments';
import { NicCatalog } from './catalog';
import { configVarHandlers } from './config-vars';
import { ConsoleRegistry } from './console/registry';
import { consoleHandler } from './console/socket';
import type { ComputeCtx } from './context';
import { crudHandlers } from './crud';
import { deviceHandlers } from './devices';
import { KINDS } from './kinds';
import { createLifecycle, type StatusHook } from './lifecycle';
import { logHandlers } from './logs/routes';
import { metricsHandlers } from './metrics';
import { seedCompute } from './seed';
import { InstanceStore } from './store';

export const computeModule: SandboxModule = (world) => {
  const hooks: StatusHook[] = [];
  const store = new InstanceStore(world);
  const consoles = new ConsoleRegistry();
  const ctx: ComputeCtx = {
    world,
    store,
    nics: new NicCatalog(),
    life: createLifecycle(world, store, hooks),
    consoles,
  };
  // A console only lives while its instance runs; stop, suspend and reboot end the session.
  hooks.push((inst, _from, to) => {
    if (to !== 'running') consoles.closeFor(inst.id, 4410, `${inst.kind} is ${to}`);
  });

  seedCompute(ctx);
  world.onReset(() => {
    for (const inst of store.all()) ctx.life.cancel(inst);
    store.clear();
    ctx.nics.reset();
    consoles.dropAll();
    seedCompute(ctx);
  });
  events(world).on('drop-websockets', () => consoles.dropAll());

  const http: Record<string, Handler> = { ...logHandlers(ctx) };
  const ws: Record<string, WsHandler> = {};
  for (const def of KINDS) {
    Object.assign(
      http,
      crudHandlers(ctx, def),
      configVarHandlers(ctx, def),
      attachmentHandlers(ctx, def),
      deviceHandlers(ctx, def),
      metricsHandlers(ctx, def),
      activityHandlers(ctx, def),
    );
    ws[`${def.area}.console`] = consoleHandler(ctx, def);
  }
  return { http, ws };
};
