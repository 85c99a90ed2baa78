/** The use a zone's own records show against its limits: summed in any case style, or unknown. */
import { describe, expect, it } from 'vitest';
import { share, useOf } from '../../../../../src-renderer/features/zone-home/shapes/limit-use';

describe('use of a limit from the records read', () => {
  it('sums CPU and memory under the names the zone writes them in', () => {
    const standard = [
      { cpu: 2, memory_mib: 2048 },
      { vcpus: 4, memory_mib: 1024 },
    ];
    expect(useOf('max_cpu_cores', standard)).toBe(6);
    expect(useOf('max_ram_gib', standard)).toBe(3);
    // style:google (camelCase), style:aws (PascalCase), style:k8s (inside spec).
    const styled = [{ cpu: 1.5, memoryMib: 512 }, { Cpu: 1, MemoryMib: 512 }, { spec: { vcpus: 2, memoryMib: 1024 } }];
    expect(useOf('max_cpu_cores', styled)).toBe(4.5);
    expect(useOf('max_ram_gib', styled)).toBe(2);
  });

  it('says nothing when a record is silent, nothing was read, or the limit is not one records carry', () => {
    expect(useOf('max_cpu_cores', [{ cpu: 2 }, { name: 'x' }])).toBeUndefined();
    expect(useOf('max_cpu_cores', undefined)).toBeUndefined();
    expect(useOf('max_vpcs', [{ cpu: 2 }])).toBeUndefined();
  });

  it('shares: over the limit shows full, a zero limit full', () => {
    expect(share(8, 16)).toBe(0.5);
    expect(share(20, 16)).toBe(1);
    expect(share(1, 0)).toBe(1);
  });
});
