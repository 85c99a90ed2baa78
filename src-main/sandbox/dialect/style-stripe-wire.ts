/**
 * What `style:stripe` says otherwise on the wire besides its records: ids prefixed per kind
 * (`ctr_…`, `wf_…`: a UUID loses its hyphens, anything else keeps its text) and mapped back
 * wherever a request carries one (path parameters, `?before=`, `*_id` body fields), and
 * form-encoded bodies with Stripe's brackets (`metadata[team]=a`, `ports[0]=80`) read as JSON.
 */
import type { SandboxRequest } from '../core/types';
import { isRec, type Rec } from './records';

/** The id prefix of each kind whose records have an id of their own. */
export const PREFIX: Readonly<Record<string, string>> = {
  Container: 'ctr',
  MicroVM: 'vm',
  Cluster: 'cls',
  Node: 'node',
  PublicIP: 'ip',
  VPNGateway: 'vpn',
  Skill: 'skl',
  Workflow: 'wf',
  WorkflowRun: 'wfr',
  EvalCase: 'case',
  EvalSuite: 'suite',
  Workspace: 'ws',
  Repository: 'repo',
  Event: 'evt',
};

/** Reference fields of records and requests, and the prefix of the kind they point at. */
export const REFERENCES: Readonly<Record<string, string>> = {
  workflow_id: 'wf',
  run_id: 'wfr',
  case_id: 'case',
  suite_id: 'suite',
  repo_id: 'repo',
  public_ip_id: 'ip',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX32 = /^[0-9a-f]{32}$/;
const PREFIXED = new RegExp(`^(?:${[...new Set(Object.values(PREFIX))].join('|')})_(.+)$`);

export const prefixed = (prefix: string, id: string) => `${prefix}_${UUID.test(id) ? id.replace(/-/g, '') : id}`;

/** A prefixed id back to the standard one; any other value as it is. */
export function unprefixed(v: string): string {
  const m = PREFIXED.exec(v);
  if (!m) return v;
  const raw = m[1]!;
  return HEX32.test(raw) ? raw.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5') : raw;
}

const TEXT = new Set(['name', 'description', 'prompt', 'input', 'comment', 'content', 'message', 'image']);

/** A form value as the JSON value it stands for: numbers and booleans, except in free-text fields. */
const valueOf = (key: string, v: string): unknown =>
  TEXT.has(key) ? v : v === 'true' ? true : v === 'false' ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;

/** Objects whose keys are all indexes (`ports[0]`, `ports[]`) as arrays, at every depth. */
function arrays(v: unknown): unknown {
  if (!isRec(v)) return v;
  const keys = Object.keys(v);
  const out = Object.fromEntries(keys.map((k) => [k, arrays(v[k])]));
  return keys.length && keys.every((k) => /^\d+$/.test(k)) ? Object.values(out) : out;
}

/** `a[b][0]=x` pairs as nested objects and arrays. */
export function formBody(pairs: Iterable<[string, string]>): Rec {
  const out: Rec = {};
  for (const [path, raw] of pairs) {
    const parts = path.replace(/\]/g, '').split('[');
    if (parts.some((p) => ['__proto__', 'constructor', 'prototype'].includes(p))) continue;
    let at: Rec = out;
    for (const part of parts.slice(0, -1)) {
      const slot = at[part];
      const next: Rec = isRec(slot) ? slot : {};
      at[part] = next;
      at = next;
    }
    const last = parts.at(-1)!;
    // `a[]` appends: the next free index.
    at[last === '' ? String(Object.keys(at).length) : last] = valueOf(parts[0]!, raw);
  }
  return arrays(out) as Rec;
}

/** The request with ids unprefixed in path parameters and the cursor, a form body read as JSON. */
export function inbound(req: SandboxRequest): SandboxRequest {
  const params = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, unprefixed(v)]));
  const query = new URLSearchParams(req.query);
  const before = query.get('before');
  if (before) query.set('before', unprefixed(before));
  const form = String(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
  // From the raw text: the core's flat parse keeps one value of a repeated key (`ports[]=80&ports[]=443`).
  const body = form && req.rawBody.length ? formBody(new URLSearchParams(req.rawBody.toString('utf8'))) : req.body;
  return { ...req, params, query, body };
}
