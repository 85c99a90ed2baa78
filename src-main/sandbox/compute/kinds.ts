/**
 * What differs between a container and a microVM, as data: route area, label, default settings,
 * how a body's settings are read, and the extra fields of the JSON view. Everything else (store,
 * lifecycle, config vars, attachments, activity, metrics, consoles) is shared code.
 */
import type { Body } from '../kit/http';
import type { Action } from './lifecycle';
import { iso, type Instance, type Kind, type Spec } from './model';
import { defined, type Fields, readChoice, readNumber, readString } from './validate';

export interface KindDef {
  kind: Kind;
  /** Route id prefix: "containers" or "microvms". */
  area: 'containers' | 'microvms';
  label: string;
  /** The action routes this kind has (each answers 202 with the transitional record). */
  actions: readonly Action[];
  defaults: Spec;
  readSpec(b: Body, f: Fields): Record<string, unknown>;
  view(inst: Instance): Record<string, unknown>;
}

interface Port {
  port: number;
  protocol: 'tcp' | 'udp';
}

/** Ports as `[8080]` or `[{port: 8080, protocol: 'udp'}]`; the view always shows the object form. */
function readPorts(b: Body, f: Fields): Port[] | undefined {
  const v = b.ports;
  if (v === undefined) return undefined;
  const out: Port[] = [];
  const ok =
    Array.isArray(v) &&
    v.every((p: unknown) => {
      const raw = typeof p === 'number' ? { port: p } : p;
      if (typeof raw !== 'object' || raw === null) return false;
      const { port, protocol = 'tcp' } = raw as { port?: unknown; protocol?: unknown };
      if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return false;
      if (protocol !== 'tcp' && protocol !== 'udp') return false;
      out.push({ port, protocol });
      return true;
    });
  if (!ok) f.add('ports', 'ports must be a list of port numbers (1-65535) or {port, protocol: tcp|udp}.');
  return ok ? out : undefined;
}

export const CONTAINER: KindDef = {
  kind: 'container',
  area: 'containers',
  label: 'container',
  actions: ['start', 'stop', 'reschedule'],
  defaults: Object.freeze({
    image: 'nginx:1.27',
    cpu: 0.5,
    memory_mib: 512,
    ports: [{ port: 80, protocol: 'tcp' }],
    restart_policy: 'always',
  }),
  readSpec: (b, f) =>
    defined({
      image: readString(b, 'image', f),
      cpu: readNumber(b, 'cpu', f, 0.1, 64, false),
      memory_mib: readNumber(b, 'memory_mib', f, 64, 262144, true),
      ports: readPorts(b, f),
      restart_policy: readChoice(b, 'restart_policy', f, ['always', 'on-failure', 'never'] as const),
    }),
  view: () => ({}),
};

export const MICROVM: KindDef = {
  kind: 'microvm',
  area: 'microvms',
  label: 'microVM',
  actions: ['start', 'stop', 'reschedule', 'suspend', 'resume', 'reboot'],
  defaults: Object.freeze({ image: 'ubuntu-24.04', kernel: 'vmlinux-6.1-fc', vcpus: 2, memory_mib: 1024 }),
  readSpec: (b, f) =>
    defined({
      image: readString(b, 'image', f),
      kernel: readString(b, 'kernel', f),
      vcpus: readNumber(b, 'vcpus', f, 1, 32, true),
      memory_mib: readNumber(b, 'memory_mib', f, 128, 262144, true),
    }),
  view: (inst) => ({
    suspended_at: iso(inst.suspendedAt),
    snapshot_id: inst.snapshotId ?? null,
    restored_from_snapshot: inst.restoredFrom ?? null,
    boot_count: inst.bootCount ?? 1,
  }),
};

export const KINDS: readonly KindDef[] = [CONTAINER, MICROVM];
