/**
 * Metric history as chart series, made up from the clock: each point is a smooth function of its
 * time bucket and the instance's seed, so two reads agree and a chart looks alive. While the
 * instance is not running (from statusSince on) the usage series read zero.
 * Query: from, to (ISO or epoch ms; default the last hour), interval (seconds, default 60);
 * at most 1000 points per series (the interval grows to fit).
 */
import type { Handler, SandboxRequest } from '../core/types';
import { badRequest, ok } from '../kit/http';
import { type ComputeCtx, find } from './context';
import type { KindDef } from './kinds';
import type { Instance } from './model';

const MAX_POINTS = 1000;

interface SeriesDef {
  name: string;
  unit: string;
  value(inst: Instance, t: number): number;
}

function wave(inst: Instance, t: number, period: number, phase: number): number {
  const x = t / 1000 / period + inst.seed * 0.7 + phase;
  return (Math.sin(x) + Math.sin(x * 2.3 + 1) * 0.4 + Math.sin(x * 7.1) * 0.15 + 1.55) / 3.1; // 0..1
}

const mib = (inst: Instance) => Number(inst.spec.memory_mib ?? 512);

const SERIES: readonly SeriesDef[] = [
  { name: 'cpu', unit: 'percent', value: (i, t) => Math.round((5 + 80 * wave(i, t, 600, 0)) * 10) / 10 },
  { name: 'memory', unit: 'MiB', value: (i, t) => Math.round(mib(i) * (0.3 + 0.5 * wave(i, t, 3600, 2))) },
  { name: 'network_rx', unit: 'bytes/s', value: (i, t) => Math.round(2e6 * wave(i, t, 300, 4) ** 2) },
  { name: 'network_tx', unit: 'bytes/s', value: (i, t) => Math.round(8e5 * wave(i, t, 420, 5) ** 2) },
];

function time(req: SandboxRequest, key: string, fallback: number): number {
  const raw = req.query.get(key);
  if (raw === null || raw === '') return fallback;
  const t = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(t)) badRequest(`${key} must be an ISO 8601 time or epoch milliseconds`, { field: key });
  return t;
}

/** Whether usage is produced at t: running, or not yet moved out of running at that time. */
function active(inst: Instance, t: number): boolean {
  return inst.status === 'running' || t < inst.statusSince;
}

export function metricsHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  return {
    [`${def.area}.metrics`]: (req) => {
      const inst = find(ctx, req, def);
      const now = ctx.world.clock.now();
      const to = time(req, 'to', now);
      const from = time(req, 'from', to - 3_600_000);
      if (from >= to) badRequest('from must be before to', { field: 'from' });
      const asked = Number(req.query.get('interval') ?? 60);
      if (!Number.isFinite(asked) || asked < 1)
        badRequest('interval must be a number of seconds >= 1', { field: 'interval' });
      const step = Math.max(asked * 1000, Math.ceil((to - from) / MAX_POINTS / 1000) * 1000);
      const start = Math.max(Math.ceil(from / step) * step, Math.floor(inst.createdAt / step) * step);
      const times: number[] = [];
      for (let t = start; t <= to; t += step) times.push(t);
      return ok({
        series: SERIES.map((s) => ({
          name: s.name,
          unit: s.unit,
          points: times.map((t) => [t, active(inst, t) ? s.value(inst, t) : 0]),
        })),
        interval_seconds: step / 1000,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      });
    },
  };
}
