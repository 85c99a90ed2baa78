/**
 * The security screen's commands that need the remembered-browser cookie (to know which entry is
 * this app) or that act on several zones (sign out everywhere), plus saving recovery codes.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { findRoute } from '../../../contract/routes';
import type { AgentContext } from '../../context';
import { saveDownload } from '../../files/save-download';
import { accountZones, signOutLocally } from '../../identity/account-zones';
import { readSecurity } from '../../../contract/identity-readers';
import type { ZoneRuntime } from '../../zone-runtimes';
import { cookieHeaders } from '../auth';
import { command, zoneId } from '../define';

async function security(ctx: AgentContext, rt: ZoneRuntime) {
  const res = await rt.session.send(rt.client, {
    route: findRoute('auth.security')!,
    headers: await cookieHeaders(ctx, rt),
  });
  return readSecurity(res.data);
}

/** Forgets the stored cookie when the zone no longer knows it as a remembered browser. */
async function forgetIfGone(ctx: AgentContext, rt: ZoneRuntime, wasCurrent: boolean): Promise<boolean> {
  if (!wasCurrent) return false;
  await ctx.cookies.forget(new URL(rt.record.baseUrl).hostname);
  return true;
}

export const identitySecurity = command<'identity.security'>(
  z.object({ zone: zoneId }).strict(),
  async ({ zone }, ctx) => security(ctx, ctx.zones.get(zone)),
);

export const devicesRemove = command<'identity.devices.remove'>(
  z.object({ zone: zoneId, id: z.string().min(1).max(256) }).strict(),
  async ({ zone, id }, ctx) => {
    const rt = ctx.zones.get(zone);
    // Ask first (with the cookie) whether this entry is this app: then the cookie is useless too.
    const current = (await security(ctx, rt)).devices.some((d) => d.id === id && d.current);
    await rt.session.send(rt.client, { route: findRoute('auth.devices.delete')!, params: { id } });
    return { forgotThisBrowser: await forgetIfGone(ctx, rt, current) };
  },
);

export const devicesRemoveAll = command<'identity.devices.removeAll'>(
  z.object({ zone: zoneId }).strict(),
  async ({ zone }, ctx) => {
    const rt = ctx.zones.get(zone);
    await rt.session.send(rt.client, { route: findRoute('auth.devices.deleteAll')! });
    return { forgotThisBrowser: await forgetIfGone(ctx, rt, true) };
  },
);

export const signOutEverywhere = command<'identity.signOutEverywhere'>(
  z.object({ zone: zoneId }).strict(),
  async ({ zone }, ctx) => {
    const targets = accountZones(ctx, zone);
    const rt = ctx.zones.get(zone);
    await rt.session.send(rt.client, { route: findRoute('auth.sessions.revokeAll')! });
    // The zone ended every session already; the app follows at once instead of on the next 401.
    return { zones: await signOutLocally(targets, 'You signed out everywhere. Sign in again to continue.') };
  },
);

export const accountZonesCommand = command<'identity.accountZones'>(
  z.object({ zone: zoneId }).strict(),
  async ({ zone }, ctx) => ({
    zones: accountZones(ctx, zone).map((rt) => rt.record.id),
  }),
);

const recoveryCode = z.string().regex(/^[A-Za-z0-9-]{4,64}$/, 'Not a recovery code');

export const saveRecoveryCodes = command<'identity.saveRecoveryCodes'>(
  z.object({ zone: zoneId, codes: z.array(recoveryCode).min(1).max(100) }).strict(),
  async ({ zone, codes }, ctx) => {
    const rt = ctx.zones.get(zone);
    const who = rt.session.view().email ?? rt.record.name;
    const text = [
      `Recovery codes for ${who} (${rt.record.name}, ${rt.record.baseUrl})`,
      `Saved ${new Date().toISOString()}. Each code works once.`,
      '',
      ...codes,
      '',
    ].join('\n');
    const dir = path.join(ctx.options.homeDir ?? os.homedir(), 'Downloads');
    const body = (async function* () {
      yield new TextEncoder().encode(text);
    })();
    const saved = await saveDownload({
      dir,
      fileName: `zonedeck-recovery-codes-${rt.record.name}.txt`,
      body,
      log: ctx.log.child('files'),
    });
    return { path: saved.path };
  },
);
