/**
 * Sandbox figures: how long a cold `npm run sandbox` takes to print its ready line, and how much
 * memory it holds at --scale 20000 after serving a full container list.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { loopbackFetch } from '../support/loopback-fetch';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Ready {
  zones: { id: string; base_url: string }[];
  users: { email: string; password: string; method: string }[];
}

export async function launch(args: string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/sandbox/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`sandbox exited (${c})`)));
    createInterface({ input: child.stdout! }).on('line', (l) => {
      const m = JSON.parse(l) as Ready & { event: string };
      if (m.event === 'ready') resolve(m);
    });
  });
  return { child, ready, ms: performance.now() - started };
}

async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/** A token from the sandbox zone at `base`, signed in with the mailed code. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const post = (p: string, body: unknown) =>
    loopbackFetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const ch = await post('/api/v1/auth/login', { email, password });
  const mail = (await (await loopbackFetch(`${base}/_sandbox/mail?to=${encodeURIComponent(email)}`)).json()) as
    { code: string }[] | { items: { code: string }[] };
  const code = (Array.isArray(mail) ? mail : mail.items)[0]!.code;
  return (await post('/api/v1/auth/mfa/verify', { challenge: ch.challenge, code }))['access_token']!;
}

export async function benchSandbox(): Promise<Record<string, number>> {
  const cold: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { child, ms } = await launch([]);
    cold.push(ms);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const { child, ready, ms } = await launch(['--scale', '20000']);
  const base = ready.zones[0]!.base_url;
  const user = ready.users.find((u) => u.method === 'email')!;
  const token = await signIn(base, user.email, user.password);
  const t0 = performance.now();
  const res = await loopbackFetch(`${base}/api/v1/containers`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { items?: unknown[] } | unknown[];
  const listMs = performance.now() - t0;
  const count = Array.isArray(body) ? body.length : (body.items?.length ?? 0);
  const rss = await rssOf(child.pid!);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    sandbox_cold_start_ms_median: [...cold].sort((a, b) => a - b)[1]!,
    sandbox_scale20000_start_ms: ms,
    sandbox_scale20000_list_containers: count,
    sandbox_scale20000_list_ms: listMs,
    sandbox_scale20000_rss_mib: rss,
  };
}
