/**
 * `zonedeck kubeconfig` from spawn to the file on disk (issue #25): cold — no app running, the
 * session remembered in the keychain, the built command line (out/main/cli.js) restoring it in its
 * own agent; warm — the built browser host running on the same data folder and keychain, the
 * command line asking its agent over the local socket. Needs a keychain (keychain.ts
 * provides one to `npm run bench`); without one it throws.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cliWorld } from '../support/cli-world';
import { requireKeychain } from './keychain';
import { epochNow, medianSteps, parseMarks, steps, stepsText } from './marks';
import { median } from './stats';

const ROUNDS = 7;

interface Timed {
  ms: number;
  /** Where the time went: each moment the command marked, with the ms since the one before. */
  steps: [string, number][];
}

function timed(args: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  const t0 = epochNow();
  const child = spawn(process.execPath, ['out/main/cli.js', ...args], {
    env: { ...env, ZONEDECK_MARKS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const t1 = epochNow();
      if (code !== 0) return reject(new Error(`zonedeck exited ${code}: ${stderr}`));
      resolve({ ms: t1 - t0, steps: steps({ spawn: t0, ...parseMarks(stderr), exited: t1 }) });
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
  await requireKeychain('zonedeck kubeconfig');
  const w = await cliWorld({ signIn: ['eu-1'] });
  const file = path.join(w.home, '.kube', 'zonedeck', 'eu-1-demo.yaml');
  const env = w.cliEnv();
  const flags = ['--data-dir', w.dataDir, '--keychain-service', w.keychainService];
  const round = async (extra: string[]) => {
    rmSync(file, { force: true });
    const t = await timed([...flags, ...extra, 'kubeconfig', 'eu-1/demo'], env);
    if (!existsSync(file)) throw new Error('zonedeck exited 0 but wrote no kubeconfig');
    return t;
  };
  const cold: Timed[] = [];
  const warm: Timed[] = [];
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
  const ms = (xs: Timed[]) => xs.map((x) => x.ms);
  const out = {
    cli_kubeconfig_cold_ms: median(ms(cold)),
    cli_kubeconfig_cold_max_ms: Math.max(...ms(cold)),
    cli_kubeconfig_warm_ms: median(ms(warm)),
    cli_kubeconfig_warm_max_ms: Math.max(...ms(warm)),
  };
  const coldSteps = medianSteps(cold.map((x) => x.steps));
  const warmSteps = medianSteps(warm.map((x) => x.steps));
  console.log(
    `zonedeck kubeconfig, spawn to file: cold ${out.cli_kubeconfig_cold_ms.toFixed(0)} ms (goal ≤ 500), warm ${out.cli_kubeconfig_warm_ms.toFixed(0)} ms (goal ≤ 150)`,
  );
  // Each step: the median ms from the moment before it to this one (spawn, then the marks).
  console.log(`  cold, where the time goes: ${stepsText(coldSteps)}`);
  console.log(`  warm, where the time goes: ${stepsText(warmSteps)}`);
  return {
    ...out,
    ...Object.fromEntries(coldSteps.map(([n, v]) => [`cli_kubeconfig_cold_step_${n.replaceAll('.', '_')}_ms`, v])),
    ...Object.fromEntries(warmSteps.map(([n, v]) => [`cli_kubeconfig_warm_step_${n.replaceAll('.', '_')}_ms`, v])),
  };
}
