/** The local sandbox zone, started inside the agent for people without an account. */
import { z } from 'zod';
import { command, empty } from './define';
import { zoneViews } from './zones';

export const sandboxStart = command<'sandbox.start'>(empty, async (_i, ctx) => {
  const ids = await ctx.sandbox.start();
  return { zones: zoneViews(ctx).filter((z) => ids.includes(z.id)) };
});

export const sandboxMail = command<'sandbox.mail'>(
  z.object({ to: z.string().email().optional() }).strict(),
  async ({ to }, ctx) => ctx.sandbox.mail(to),
);
