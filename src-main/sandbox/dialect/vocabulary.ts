/**
 * The sandbox's two dialects: where the spec says "not shown", the standard dialect answers with
 * the sandbox's own inventions and the variant with other, equally legal ones, so a client that
 * quietly learned the first fails its tests against the second. This file holds the variant's
 * vocabulary; shape.ts applies it to replies.
 */
export const DIALECTS = ['standard', 'variant'] as const;
export type Dialect = (typeof DIALECTS)[number];

export function isDialect(v: unknown): v is Dialect {
  return typeof v === 'string' && (DIALECTS as readonly string[]).includes(v);
}

/** Route-id areas whose record fields the spec leaves open (containers, microVMs, clusters, IPs, gateways). */
const SHAPED_AREAS = new Set(['containers', 'microvms', 'kubernetes', 'publicIps', 'vpnGateways']);

export function shapedArea(routeId: string): boolean {
  return SHAPED_AREAS.has(routeId.slice(0, routeId.indexOf('.')));
}

/** Field names of a record in the variant (top-level fields only; nested objects keep theirs). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  id: 'uuid',
  name: 'display_name',
  status: 'state',
  desired_status: 'desired_state',
  workers: 'worker_count',
};

export function variantRecord(rec: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) out[FIELD_NAMES[k] ?? k] = v;
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON reply in the variant: `{items}` lists become `{data, next: null}`, records are renamed. */
export function variantJson(body: unknown): unknown {
  if (!isRecord(body)) return body;
  if (Array.isArray(body.items)) {
    const { items, ...rest } = body;
    return { data: items.map((x) => (isRecord(x) ? variantRecord(x) : x)), next: null, ...rest };
  }
  return variantRecord(body);
}

/** Standard log line: `<ISO time> <stdout|stderr> <7+ digit number> <message>`. */
const STANDARD_LOG_LINE = /^(\S+) (stdout|stderr) \d+ (.*)$/;

/** Variant log line: `<ISO time> <message>`, no stream and no sequence number. */
export function variantLogLine(line: string): string {
  const m = STANDARD_LOG_LINE.exec(line);
  return m ? `${m[1]} ${m[3]}` : line;
}

/** Run-stream event names in the variant. */
const EVENT_NAMES: Readonly<Record<string, string>> = {
  run_queued: 'run.queued',
  run_started: 'run.running',
  step_started: 'node.started',
  step_progress: 'node.progress',
  step_finished: 'node.completed',
  waiting_approval: 'approval.requested',
  approval_decided: 'approval.resolved',
  run_finished: 'run.completed',
};

/** An SSE line in the variant: `event: run_finished` becomes `event: run.completed`. */
export function variantSseLine(line: string): string {
  if (!line.startsWith('event: ')) return line;
  const name = line.slice('event: '.length);
  return `event: ${EVENT_NAMES[name] ?? name}`;
}

/** Headers only the standard dialect sends (the log line counts). */
export const STANDARD_ONLY_HEADERS = ['x-log-lines', 'x-archived-lines', 'x-host-lines'];
