/**
 * `zonedeck kubeconfig` from spawn to the file on disk (issue #25): cold — no app running, the
 * session remembered in the keychain, the built command line (out/main/cli.js) restoring it in its
 * own agent; warm — the built browser host running on the same data folder and keychain, the
 * command line asking its agent over the local socket. Needs a keychain (.ci/with-keyring.sh);
 * without one both figures say so instead of a number.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cliWorld, keychainAvailable } from '../support/cli-world';
import { median } from './stats';

const ROUNDS = 7;

function timed(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['out/main/cli.js', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - t0;
      if (code === 0) resolve(ms);
      else reject(new Error(`zonedeck exited ${code}: ${stderr}`));
    });
  });
}

async function startHost(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0', '--no-open', '--json', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host printed no ready line in 30 s')), 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.includes('"ready"')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM')));
}

export async function benchCliKubeconfig(): Promise<Record<string, number | string>> {
  const keychain = await keychainAvailable();
  if (!keychain.ok) {
    const why = `not run: no keychain (${keychain.reason ?? '?'}); run under .ci/with-keyring.sh`;
    console.log(`zonedeck kubeconfig: ${why}`);
    return { cli_kubeconfig_cold_ms: why, cli_kubeconfig_warm_ms: why };
  }
  const w = await cliWorld({ signIn: ['eu-1'] });
  const file = path.join(w.home, '.kube', 'zonedeck', 'eu-1-demo.yaml');
  const env = w.cliEnv();
  const flags = ['--data-dir', w.dataDir, '--keychain-service', w.keychainService];
  const round = async (extra: string[]) => {
    rmSync(file, { force: true });
    const ms = await timed([...flags, ...extra, 'kubeconfig', 'eu-1/demo'], env);
    if (!existsSync(file)) throw new Error('zonedeck exited 0 but wrote no kubeconfig');
    return ms;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) cold.push(await round(['--standalone']));
    const stop = await startHost([...flags, '--renderer-dir', 'out/renderer'], env);
    try {
      for (let i = 0; i < ROUNDS; i++) warm.push(await round([]));
    } finally {
      await stop();
    }
  } finally {
    await w.close();
  }
  const out = {
    cli_kubeconfig_cold_ms: median(cold),
    cli_kubeconfig_cold_max_ms: Math.max(...cold),
    cli_kubeconfig_warm_ms: median(warm),
    cli_kubeconfig_warm_max_ms: Math.max(...warm),
  };
  console.log(
    `zonedeck kubeconfig, spawn to file: cold ${out.cli_kubeconfig_cold_ms.toFixed(0)} ms (goal ≤ 500), warm ${out.cli_kubeconfig_warm_ms.toFixed(0)} ms (goal ≤ 150)`,
  );
  return out;
}
