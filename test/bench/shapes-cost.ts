/**
 * No cost for any zone's shapes (issue #28 goal 6): the tolerant readers against plain property
 * access, measured in a tsx child that resolves the renderer's alias (shapes-cost-worker.ts says how).
 */
import { runTsxWorker } from './tsx-worker';

export function benchShapesCost(): Record<string, number | string> {
  return runTsxWorker('test/bench/shapes-cost-worker.ts', 'shapes_cost_list_100k_pct');
}
