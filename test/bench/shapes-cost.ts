/**
 * No cost for any zone's shapes (issue #28 goal 6): the tolerant readers against plain property
 * access, measured in a tsx child that resolves the renderer's alias (shapes-cost-worker.ts says how).
 */
import { spawnSync } from 'node:child_process';

export function benchShapesCost(): Record<string, number | string> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/shapes-cost-worker.ts'], {
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
    return { shapes_cost_list_100k_pct: `failed: ${(res.stderr || line).slice(0, 200)}` };
  }
}
