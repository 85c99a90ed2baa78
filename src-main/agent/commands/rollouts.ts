/**
 * Rollouts across zones (#38): the commands the window and the CLI drive the agent's one engine
 * with (rollouts/engine.ts). Input is checked here; the engine keeps the state and does the steps.
 */
import { z } from 'zod';
import type { RolloutPlanInput, RolloutsCommands } from '../../contract/commands-rollouts';
import { checkPlan, previewPlan, protectedTargets, readSource } from '../rollouts/rollout-plan';
import { command, empty, zoneId, type AreaTable } from './define';

const stage = z
  .object({
    zones: z.array(zoneId).min(1).max(50),
    canaryWeight: z.number().int().min(1).max(100).nullable(),
    suiteMustPass: z.boolean(),
    soak: z
      .object({
        runs: z.number().int().min(0).max(10_000).optional(),
        minutes: z
          .number()
          .min(0)
          .max(7 * 24 * 60)
          .optional(),
      })
      .strict()
      .optional(),
    approval: z.boolean(),
  })
  .strict();

const planFields = {
  source: z
    .object({
      zone: zoneId,
      workflowId: z.string().min(1).max(512),
      version: z.number().int().min(1).max(1_000_000),
    })
    .strict(),
  stages: z.array(stage).min(1).max(20),
  waitMinutes: z
    .number()
    .gt(0)
    .max(7 * 24 * 60)
    .optional(),
};
const plan = z.object(planFields).strict() as z.ZodType<RolloutPlanInput>;
const rolloutId = z.string().min(8).max(64);
const byId = z.object({ id: rolloutId }).strict();

export const ROLLOUTS_COMMANDS: AreaTable<keyof RolloutsCommands> = {
  'rollout.plan': command<'rollout.plan'>(plan, (input, ctx) => previewPlan(ctx, input)),
  'rollout.start': command<'rollout.start'>(
    z.object({ ...planFields, confirmProtected: z.array(z.string().max(200)).max(50).optional() }).strict(),
    async ({ confirmProtected, ...input }, ctx) => {
      checkPlan(ctx, input);
      protectedTargets(ctx, input, confirmProtected ?? []);
      const source = await readSource(ctx, input);
      return ctx.rollouts.start(input, source.name, source.spec);
    },
  ),
  'rollout.status': command<'rollout.status'>(byId, async ({ id }, ctx) => ctx.rollouts.get(id)),
  'rollout.list': command<'rollout.list'>(empty, async (_input, ctx) => ctx.rollouts.list()),
  'rollout.resume': command<'rollout.resume'>(byId, ({ id }, ctx) => ctx.rollouts.resume(id)),
  'rollout.abort': command<'rollout.abort'>(byId, ({ id }, ctx) => ctx.rollouts.abort(id)),
  'rollout.rollback': command<'rollout.rollback'>(
    z.object({ id: rolloutId, zone: zoneId }).strict(),
    ({ id, zone }, ctx) => ctx.rollouts.rollback(id, zone),
  ),
  'rollout.approve': command<'rollout.approve'>(
    z.object({ id: rolloutId, zone: zoneId.optional() }).strict(),
    ({ id, zone }, ctx) => ctx.rollouts.approve(id, zone),
  ),
};
