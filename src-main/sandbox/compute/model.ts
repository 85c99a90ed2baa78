/**
 * The in-memory shape of one container or microVM. Records stay cheap because --scale seeds tens
 * of thousands: kind-specific settings live in one `spec` object (seeded records share a frozen
 * default and are copied on write), and the heavier parts (config vars, activity, log state) are
 * created only when something first touches them.
 */
export type Kind = 'container' | 'microvm';

/** A field bag the spec leaves open: containers carry image/cpu/ports, microVMs vcpus/kernel. */
export type Spec = Readonly<Record<string, unknown>>;

export interface ActivityEvent {
  id: string;
  at: number;
  type: string;
  message: string;
  from: string | null;
  to: string | null;
}

export interface DatabaseAttachment {
  database_id: string;
  name: string;
  engine: string;
  config_var: string;
  attached_at: number;
}

/** One pending state change: the statuses still to pass through, each with its own effect. */
export interface Transition {
  action: string;
  steps: Step[];
  /** Clock and real-time marks of the last completed step; the next one is measured from here. */
  clockMs: number;
  realMs: number;
  timer?: NodeJS.Timeout;
}

export interface Step {
  status: string;
  /** Runs when the step completes, before the status is written (host moves, snapshots …). */
  effect?: (inst: Instance) => void;
}

/**
 * Captured output: `base` lines were produced before the open run (if any) started at `openAt`;
 * `segments` map a first line number to the clock time it was written, so every line's timestamp
 * can be recomputed without storing the line.
 */
export interface LogState {
  base: number;
  openAt: number | null;
  segments: [firstLine: number, atMs: number][];
}

export interface Instance {
  kind: Kind;
  id: string;
  zoneId: string;
  tenantId: string;
  name: string;
  status: string;
  hostId: string | null;
  spec: Spec;
  createdAt: number;
  updatedAt: number;
  /** Clock time the current status began (metrics read zero while not running). */
  statusSince: number;
  /** Stable small number for the deterministic log and metric generators. */
  seed: number;
  /** Lines captured before the instance first ran (seeds and the create option `log_backlog`). */
  backlog: number;
  disks: string[];
  nics: string[];
  configVars?: Record<string, string>;
  databases?: DatabaseAttachment[];
  activity?: ActivityEvent[];
  log?: LogState;
  transition?: Transition;
  /** microVM only: the memory snapshot while suspended, and what the last resume restored. */
  snapshotId?: string | null;
  suspendedAt?: number | null;
  restoredFrom?: string | null;
  bootCount?: number;
}

export const iso = (ms: number | null | undefined): string | null => (ms == null ? null : new Date(ms).toISOString());

// Created records count on from here; seeds use 1… (containers) and 1,000,001… (microVMs).
let nextSeed = 2_000_001;

/** A fresh record; `seed` numbers records so generators differ per instance but repeat per run. */
export function makeInstance(
  init: Pick<Instance, 'kind' | 'id' | 'zoneId' | 'tenantId' | 'name' | 'status' | 'spec'> & Partial<Instance>,
  now: number,
): Instance {
  return {
    hostId: null,
    createdAt: now,
    updatedAt: now,
    statusSince: now,
    seed: nextSeed++,
    backlog: 0,
    disks: [],
    nics: [],
    ...init,
  };
}
