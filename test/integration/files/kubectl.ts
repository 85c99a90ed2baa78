/**
 * Runs the real kubectl against a merged file: the only reader whose opinion matters. Without
 * kubectl the checks are skipped loudly, except in CI where a missing kubectl is a failure.
 */
import { spawnSync } from 'node:child_process';

const probe = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
export const kubectlAvailable = probe.status === 0;
let warned = false;

export interface KubectlRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Returns null (after one loud line) when kubectl is missing outside CI; throws in CI. */
export function kubectl(args: string[], env: NodeJS.ProcessEnv): KubectlRun | null {
  if (!kubectlAvailable) {
    const why = `kubectl not runnable (${probe.error?.message ?? (probe.stderr.trim() || `exit ${probe.status}`)})`;
    if (process.env.CI === 'true') throw new Error(`kubectl is required in CI: ${why}`);
    if (!warned) console.warn(`KUBECTL CHECK NOT RUN: ${why}`);
    warned = true;
    return null;
  }
  // HOME points into the temp dir so kubectl never reads or writes the developer's real config.
  const run = spawnSync('kubectl', args, {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
