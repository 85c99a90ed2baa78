/**
 * Compare across zones (issue #26): three zones of 500 workflows to the compare table after the
 * last zone answers (goal ≤ 300 ms), measured in a tsx child that resolves the renderer's alias.
 */
import { spawnSync } from 'node:child_process';

export function benchCompareTable(): Record<string, number | string> {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/compare-table-worker.ts'], {
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  const line = res.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Record<string, number>;
  } catch {
    return { compare_table_3x500_ms: `failed: ${(res.stderr || line).slice(0, 200)}` };
  }
}
