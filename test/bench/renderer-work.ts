/**
 * The renderer's pure work that unit tests once timed (and flaked under load): now figures with
 * goals, measured in a tsx child (renderer-work-worker.ts says what).
 */
import { runTsxWorker } from './tsx-worker';

export function benchRendererWork(): Record<string, number | string> {
  return runTsxWorker('test/bench/renderer-work-worker.ts', 'renderer_work');
}
