/**
 * A bench worker in its own tsx process that resolves the renderer's @contract alias (from
 * tsconfig.test.json): it prints its figures as JSON on its last stdout line, its comments on stderr.
 */
import { spawnSync } from 'node:child_process';

/** The worker's figures; on a failure, `failKey` says so with the worker's words. */
export function runTsxWorker(file: string, failKey: string): Record<string, number | string> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  try {
    const figures = JSON.parse(line) as Record<string, number>;
    process.stdout.write(res.stderr);
    return figures;
  } catch {
    return { [failKey]: `failed: ${(res.stderr || line).slice(0, 200)}` };
  }
}
