/**
 * Remembered browsers: an opaque platform_device cookie whose SHA-256 alone is stored, valid for
 * 30 days on the sandbox clock and in every zone (the cookie's Domain is the zones' parent domain).
 */
import type { SandboxRequest } from '../core/types';
import { randomToken, sha256 } from './crypto';
import { deviceCookie } from './guard';
import type { IdentityService } from './service';
import type { DeviceRec, UserRec } from './state';

export const DEVICE_TTL_SECONDS = 30 * 24 * 3600;

/** The live device record the request's cookie names, if any (any user). */
export function currentDevice(svc: IdentityService, req: SandboxRequest): DeviceRec | undefined {
  const v = deviceCookie(req);
  if (!v) return undefined;
  const h = sha256(v);
  const d = Object.values(svc.state.devices).find((x) => x.hash === h);
  return d && d.expiresAt > svc.now() ? d : undefined;
}

/** Records a new remembered browser and returns its Set-Cookie header. */
export function rememberDevice(svc: IdentityService, user: UserRec, req: SandboxRequest): string {
  const value = randomToken('', 32);
  const now = svc.now();
  const d: DeviceRec = {
    id: svc.world.uuid(),
    userId: user.id,
    hash: sha256(value),
    label: deviceLabel(req.userAgent),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: now + DEVICE_TTL_SECONDS * 1000,
  };
  svc.state.devices[d.id] = d;
  svc.changed();
  return [
    `platform_device=${value}`,
    `Domain=${svc.world.parentDomain}`,
    'Path=/',
    `Max-Age=${DEVICE_TTL_SECONDS}`,
    'Secure',
    'HttpOnly',
    'SameSite=None',
  ].join('; ');
}

function deviceLabel(ua: string): string {
  const t = ua.trim();
  if (!t) return 'Unknown browser';
  const os = /Windows|Mac OS X|Linux|Android|iPhone|iPad/.exec(t)?.[0];
  const app = /(Zonedeck|Electron|Firefox|Edg|Chrome|Safari|node|undici)[/ ]?[\d.]*/i.exec(t)?.[0];
  return [app, os].filter(Boolean).join(' on ') || t.slice(0, 80);
}

export function deviceView(svc: IdentityService, d: DeviceRec, current: DeviceRec | undefined) {
  return {
    id: d.id,
    label: d.label,
    created_at: svc.iso(d.createdAt),
    last_used_at: svc.iso(d.lastUsedAt),
    expires_at: svc.iso(d.expiresAt),
    current: current?.id === d.id,
  };
}
