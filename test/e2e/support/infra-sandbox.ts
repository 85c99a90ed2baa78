/**
 * Reaching the app's own sandbox from a test, for set-up the UI under test does not own (attaching
 * a disk to a running microVM belongs to Compute). The base URL comes from the app's zones.json;
 * the token from a sign-in of our own, as a second client of the same tenant would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loopbackFetch } from '../../support/loopback-fetch';

export function sandboxBaseUrl(dataDir: string, zone: string): string {
  const conf = JSON.parse(readFileSync(path.join(dataDir, 'zones.json'), 'utf8')) as {
    zones?: { id: string; baseUrl: string }[];
  };
  const z = conf.zones?.find((x) => x.id === zone);
  if (!z) throw new Error(`zone ${zone} not in zones.json`);
  return z.baseUrl;
}

async function json(res: Response | Awaited<ReturnType<typeof loopbackFetch>>): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function sandboxToken(base: string, email = 'dev@example.com', password = 'sandbox-dev'): Promise<string> {
  const post = (p: string, body: unknown) =>
    loopbackFetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const first = await json(await post('/api/v1/auth/login', { email, password }));
  if (typeof first.access_token === 'string') return first.access_token;
  const mails = (await (await loopbackFetch(`${base}/_sandbox/mail?to=${encodeURIComponent(email)}`)).json()) as {
    code?: string;
  }[];
  const done = await json(await post('/api/v1/auth/mfa/verify', { challenge: first.challenge, code: mails[0]?.code }));
  return String(done.access_token);
}

export async function sandboxCall(
  base: string,
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  return json(
    await loopbackFetch(`${base}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

/** Attaches a seeded disk to the running microVM vm-build; returns the VM's id. */
export async function attachDiskToRunningVm(base: string, diskId: string): Promise<string> {
  const token = await sandboxToken(base);
  const vms = (await sandboxCall(base, token, 'GET', '/api/v1/microvms')).items as { id: string; name: string }[];
  const vm = vms.find((v) => v.name === 'vm-build')!;
  await sandboxCall(base, token, 'POST', `/api/v1/microvms/${vm.id}/disks`, { disk_id: diskId });
  return vm.id;
}
