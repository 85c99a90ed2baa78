/**
 * What of a tenant's limits this zone's lists show in use. The API reports no usage (the limits
 * record holds ceilings only), so a use is given only where the records read anyway carry it:
 * CPU and memory, summed over every container and microVM under the names the create form writes
 * them in (cpu / vcpus, memory_mib), and only when every record says (a partial sum would read
 * as room that is not there). Elsewhere the use is unknown and the bar says so.
 */
import type { Raw } from '@contract/tolerant';
import { field, valueIn } from '../../../shapes/words';

export type UseKey = 'max_cpu_cores' | 'max_ram_gib';

// Read in whatever case style the zone writes them (memoryMib, MemoryMib) or nested (spec.cpu).
const CPU = field('use.cpu', 'cpu', 'vcpus', 'cpus');
const MIB = field('use.memory_mib', 'memory_mib');
const GIB = field('use.memory_gib', 'memory_gib');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
const READ: Record<UseKey, (r: Raw) => number | undefined> = {
  max_cpu_cores: (r) => num(valueIn(r, CPU)),
  max_ram_gib: (r) => {
    const mib = num(valueIn(r, MIB));
    return mib === undefined ? num(valueIn(r, GIB)) : mib / 1024;
  },
};

/** The sum over `records` for `key`, or undefined when it is not known (no records read, or one silent). */
export function useOf(key: string, records: readonly Raw[] | undefined): number | undefined {
  const read = READ[key as UseKey];
  if (!read || !records) return undefined;
  let sum = 0;
  for (const r of records) {
    const v = read(r);
    if (v === undefined) return undefined;
    sum += v;
  }
  return Math.round(sum * 10) / 10;
}

/** The share of the limit in use, 0–1 (over the limit shows full). */
export function share(use: number, limit: number): number {
  return limit > 0 ? Math.min(1, use / limit) : 1;
}
