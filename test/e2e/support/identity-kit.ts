/**
 * What the identity end-to-end tests share: RFC 6238 codes, the in-app sandbox's address and
 * clock, navigation, screenshots in both themes, and the scan that proves no token, client
 * secret or cookie value reaches the page.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { loopbackFetch } from '../../support/loopback-fetch';
import type { AppUnderTest } from './app';

export const SHOTS = 'test-results/screenshots';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, written here from the RFC, not imported. */
export function totp(secretBase32: string, atMs = Date.now(), stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / 30) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(bin).padStart(6, '0');
}

/** The in-app sandbox zone's base URL, from the app's own zone list on disk. */
export function sandboxBase(app: AppUnderTest, zoneName: string): string {
  const store = JSON.parse(readFileSync(path.join(app.dataDir, 'zones.json'), 'utf8')) as {
    zones: { name: string; baseUrl: string }[];
  };
  const z = store.zones.find((r) => r.name === zoneName);
  if (!z) throw new Error(`no zone ${zoneName} in zones.json`);
  return z.baseUrl;
}

/** The sandbox clock (one for all its zones); the test's own clock for TOTP follows it. */
export async function advanceClock(app: AppUnderTest, seconds: number): Promise<number> {
  const res = await loopbackFetch(`${sandboxBase(app, 'eu-1')}/_sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: seconds }),
  });
  const body = (await res.json()) as { now_ms: number };
  return body.now_ms;
}

export async function sandboxNow(app: AppUnderTest): Promise<number> {
  const res = await loopbackFetch(`${sandboxBase(app, 'eu-1')}/_sandbox/clock`);
  return ((await res.json()) as { now_ms: number }).now_ms;
}

export async function startSandbox(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Try the local sandbox' }).click();
  await page
    .getByRole('navigation', { name: 'Zones' })
    .getByRole('button', { name: 'us-1', exact: true })
    .waitFor({ timeout: 20_000 });
}

export async function selectZone(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name, exact: true }).click();
  await page.mouse.move(800, 600); // away from the rail, so its tooltip does not cover the sidebar
}

export async function openSection(page: Page, area: string, section: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Areas' });
  await nav.getByRole('button', { name: area, exact: true }).click();
  await nav.getByRole('button', { name: section, exact: true }).click();
}

/**
 * The zone's sign-in state as the rail says it ("signed in as …" / "signed out"), taken from its
 * description, which also says whether it is protected and how it answers ("reachable · 5 ms").
 */
export async function zoneState(page: Page, name: string): Promise<string> {
  const said =
    (await page
      .getByRole('navigation', { name: 'Zones' })
      .getByRole('button', { name, exact: true })
      .getAttribute('aria-description')) ?? '';
  return said.split(', ').find((part) => /^(signed|refreshing)/.test(part)) ?? '';
}

/** Both themes; the waits outlast the theme's colour transitions and closing dialogs (~300 ms). */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/identity-${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/identity-${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(400);
}

/**
 * Records every WebSocket frame the page receives from the host (every reply and event). Attach
 * before the app connects: it reloads the page with the host's URL so the socket is seen from its
 * first frame.
 */
export async function recordFrames(app: AppUnderTest): Promise<string[]> {
  const frames: string[] = [];
  app.page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))),
  );
  await app.page.goto('about:blank');
  await app.page.goto(app.url);
  return frames;
}

/**
 * Sandbox credentials have fixed shapes: access and id tokens are JWTs, refresh tokens "rt_…",
 * client secrets "zds_…", the platform_device cookie 43 base64url characters. Besides those, any
 * long base64url run fails the scan, so an unknown token shape cannot slip through either.
 */
const PATTERNS: [string, RegExp][] = [
  ['JWT', /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/],
  ['refresh token', /\brt_[A-Za-z0-9_-]{16,}/],
  ['client secret', /\bzds_[A-Za-z0-9_-]{16,}/],
];
/** Random base64url of 40+ characters mixes cases and digits; CSS class names and words do not. */
function opaqueRun(text: string): RegExpExecArray | null {
  const re = /[A-Za-z0-9_-]{40,}/g;
  for (let m = re.exec(text); m; m = re.exec(text))
    if (/[A-Z]/.test(m[0]) && /[a-z]/.test(m[0]) && /\d/.test(m[0])) return m;
  return null;
}

export async function scanForSecrets(
  app: AppUnderTest,
  frames: string[],
  extra: string[] = [],
): Promise<{ frames: number; bytes: number }> {
  const page = app.page;
  const storage = await page.evaluate(() =>
    JSON.stringify({ l: { ...localStorage }, s: { ...sessionStorage }, c: document.cookie }),
  );
  const html = await page.content();
  const hostToken = new URL(app.url).hash.replace(/^#token=/, '');
  const places: [string, string][] = [
    ['DOM', html],
    ['web storage', storage],
    ...frames.map((f, i): [string, string] => [`frame ${i}`, f]),
  ];
  for (const [where, text] of places) {
    // The UI↔host token is the page's own key to its host, not a zone credential.
    // A public key (a VPN gateway's, shown on its details and listed on a zone's home page) is
    // random base64 by nature and no secret: its field's value is not scanned.
    const t = (hostToken ? text.split(hostToken).join('') : text).replace(
      /"[A-Za-z_]*public_?key[A-Za-z_]*"\s*:\s*"[^"]*"/gi,
      '"public key": ""',
    );
    for (const [what, find] of [
      ...PATTERNS.map(([w, re]): [string, (s: string) => RegExpExecArray | null] => [w, (s) => re.exec(s)]),
      ['long opaque value (cookie or token)', opaqueRun] as const,
    ]) {
      const m = find(t);
      expect(m, `${what} found in ${where}: …${m ? t.slice(Math.max(0, m.index - 60), m.index + 80) : ''}…`).toBeNull();
    }
    for (const value of extra) expect(t.includes(value), `a known secret value found in ${where}`).toBe(false);
  }
  return { frames: frames.length, bytes: places.reduce((n, [, t]) => n + t.length, 0) };
}

/** How many mails the Sandbox mailbox panel lists now (0 when it is not on screen). */
export async function mailCount(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Mails' }).getByRole('listitem').count();
}

/** The code of the newest mail once more than `before` mails are listed: a fresh mail, never an old one. */
export async function codeAfter(page: Page, before: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while ((await mailCount(page)) <= before) {
    if (Date.now() > deadline) throw new Error('no new mail arrived in the sandbox mailbox');
    await page.waitForTimeout(200);
  }
  const label = await page
    .getByRole('list', { name: 'Mails' })
    .getByRole('button', { name: /^Copy \d{6}$/ })
    .first()
    .getAttribute('aria-label');
  return /\d{6}/.exec(label ?? '')![0];
}

/** Types wrong codes until the zone says "Too many" (the fifth wrong code locks the account). */
export async function wrongCodesUntilLocked(page: Page): Promise<void> {
  const code = page.getByLabel('Code');
  await code.waitFor();
  const alert = page.getByRole('alert').filter({ hasText: /Wrong code|Too many/ });
  const text = async () => ((await alert.count()) ? ((await alert.first().textContent()) ?? '') : '');
  // The step clears its alert when a code is sent, so an empty text means "still waiting", not an
  // answer; pressing Enter then would be dropped as busy and cost a try.
  for (let i = 0; i < 8 && !(await text()).includes('Too many'); i++) {
    const before = await text();
    await code.fill(`00000${i}`);
    await page.keyboard.press('Enter');
    const end = Date.now() + 10_000;
    for (let now = await text(); now === before || now === ''; now = await text()) {
      if (Date.now() > end) throw new Error('the zone did not answer a wrong code in 10 s');
      await page.waitForTimeout(50);
    }
  }
}
