/**
 * How fast the browser host is ready (issue #16, goal 5: ≤ 400 ms after spawn on a built tree):
 * spawn to the `--json` ready line, for the built host (out/main/web.js, what `npm run web` runs)
 * and, as the baseline in the same run, the same host transpiled from TypeScript at start (tsx).
 * Interleaved rounds; the median and the spread (min–max) of each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { median } from './stats';

const ROUNDS = 7;

function readyAfter(args: string[], dataDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [...args, '--port', '0', '--no-open', '--json', '--memory-secrets', '--data-dir', dataDir],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the host printed no ready line in 30 s')), 30_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.includes('"ready"')) return;
      clearTimeout(timer);
      const ms = performance.now() - t0;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
    child.once('error', reject);
  });
}

export async function benchStartup(): Promise<Record<string, number>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-bench-start-'));
  const built: number[] = [];
  const tsx: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      built.push(await readyAfter(['out/main/web.js'], dataDir));
      tsx.push(await readyAfter(['--import', 'tsx', 'src-main/web/cli.ts'], dataDir));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
  const out = {
    web_host_ready_ms: median(built),
    web_host_ready_min_ms: Math.min(...built),
    web_host_ready_max_ms: Math.max(...built),
    web_host_ready_tsx_baseline_ms: median(tsx),
  };
  console.log(
    `browser host ready after spawn: built ${out.web_host_ready_ms.toFixed(0)} ms (${out.web_host_ready_min_ms.toFixed(0)}–${out.web_host_ready_max_ms.toFixed(0)}), from TypeScript ${out.web_host_ready_tsx_baseline_ms.toFixed(0)} ms; goal ≤ 400 ms`,
  );
  return out;
}
