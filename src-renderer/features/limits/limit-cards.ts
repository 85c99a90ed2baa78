/** The limits record's fields (fixed by the spec) as dashboard cards: title, number, unit. */
import type { LimitsRecord } from '@contract/records';

type NumericKey = Exclude<keyof LimitsRecord, 'tenant_id' | 'updated_at'>;

export interface LimitCard {
  key: NumericKey;
  title: string;
  about: string;
  format(v: number): string;
  unit(v: number): string;
}

const plain = (v: number) => (typeof v === 'number' ? v.toLocaleString() : '—');
const plural = (one: string, many: string) => (v: number) => (v === 1 ? one : many);

/** 5 000 000 -> "5 M": a month of tokens reads better abbreviated; the exact value is in the title. */
function compact(v: number): string {
  if (typeof v !== 'number') return '—';
  return new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(v);
}

/** 2048 GiB reads as 2 TiB; keep GiB below that. */
const storage = (v: number) => (v >= 1024 && v % 1024 === 0 ? plain(v / 1024) : plain(v));
const storageUnit = (v: number) => (v >= 1024 && v % 1024 === 0 ? 'TiB' : 'GiB');

export const LIMIT_CARDS: LimitCard[] = [
  { key: 'max_cpu_cores', title: 'CPU', about: 'across all instances', format: plain, unit: plural('core', 'cores') },
  { key: 'max_ram_gib', title: 'Memory', about: 'RAM, across all instances', format: plain, unit: () => 'GiB' },
  { key: 'max_storage_gib', title: 'Storage', about: 'disk space, in total', format: storage, unit: storageUnit },
  { key: 'max_vpcs', title: 'VPCs', about: 'virtual private clouds', format: plain, unit: plural('VPC', 'VPCs') },
  {
    key: 'max_vms_per_vpc',
    title: 'VMs per VPC',
    about: 'instances in one VPC',
    format: plain,
    unit: plural('VM', 'VMs'),
  },
  {
    key: 'max_llm_tokens_month',
    title: 'LLM tokens',
    about: 'per calendar month',
    format: compact,
    unit: () => 'tokens / month',
  },
];
