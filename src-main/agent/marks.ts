/**
 * Where the time of a start goes, for the benchmarks (issue #28): with ZONEDECK_MARKS=1 in the
 * environment each named moment is written to stderr once, as it happens, as
 * `zonedeck-mark <name> <epoch ms>`, so the bench that spawned the process can lay the moments
 * beside its own clock. Only a fixed name and a time are written, never a value. Off, it costs one
 * comparison.
 */
import { performance } from 'node:perf_hooks';

const on = process.env.ZONEDECK_MARKS === '1';
const seen = new Set<string>();

export function mark(name: string): void {
  if (!on || seen.has(name)) return;
  // The first mark also says when the process started (Node's time origin) and when Node's own
  // start-up ended, before any of our modules loaded.
  if (seen.size === 0) {
    const origin = performance.timeOrigin;
    const boot = origin + performance.nodeTiming.bootstrapComplete;
    process.stderr.write(
      `zonedeck-mark process.start ${origin.toFixed(2)}\nzonedeck-mark node.ready ${boot.toFixed(2)}\n`,
    );
  }
  seen.add(name);
  process.stderr.write(`zonedeck-mark ${name} ${(performance.timeOrigin + performance.now()).toFixed(2)}\n`);
}
