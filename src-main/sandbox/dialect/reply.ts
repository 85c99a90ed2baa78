/**
 * The reply reshaper: one standard reply, said in a dialect. Lists get the dialect's envelope and
 * cursor, records its field names, words and times (records.ts), writes its success statuses, and
 * text and streamed replies are rewritten line by line. Routes the spec fixes pass untouched.
 */
import type { SandboxRequest, SandboxResponse } from '../core/types';
import { bareLogLine, LOG_COUNT_HEADERS, rewriteText, sseRewriter, type LineRewriter } from './lines';
import { areaOf, SCOPE_AREAS, type Choices, type DialectSpec } from './points';
import { isRec, reshapeRecord, type Kind, type Rec } from './records';
import { rewritingResponse, withoutHeaders } from './stream';

/** Record kind and its `<kind>_id` word per route; routes not listed in an area in scope keep their replies. */
const KINDS: Readonly<Record<string, readonly [Kind, string]>> = {
  'skills.list': ['skill', 'skill'],
  'skills.create': ['skill', 'skill'],
  'skills.get': ['skill', 'skill'],
  'skills.update': ['skill', 'skill'],
  'skills.files.list': ['file', 'file'],
  'skills.files.put': ['file', 'file'],
  'workflows.list': ['workflow', 'workflow'],
  'workflows.create': ['workflow', 'workflow'],
  'workflows.get': ['workflow', 'workflow'],
  'workflows.update': ['workflow', 'workflow'],
  'workflows.deploy': ['workflow', 'workflow'],
  'workflows.undeploy': ['workflow', 'workflow'],
  'workflows.canary.start': ['workflow', 'workflow'],
  'workflows.canary.promote': ['workflow', 'workflow'],
  'workflows.versions.list': ['version', 'version'],
  'workflows.versions.get': ['version', 'version'],
  'workflows.publish': ['version', 'version'],
  'workflows.evals.list': ['evalCase', 'case'],
  'workflows.evals.put': ['evalCase', 'case'],
  'workflows.evals.results': ['suite', 'suite'],
  'workflows.evals.run': ['suite', 'suite'],
  'workflows.run': ['run', 'run'],
  'workflows.runs': ['run', 'run'],
  'workflowRuns.get': ['run', 'run'],
  'workflowRuns.approvals': ['run', 'run'],
  'workflowRuns.cancel': ['run', 'run'],
  'workspaces.list': ['workspace', 'workspace'],
  'workspaces.create': ['workspace', 'workspace'],
  'workspaces.get': ['workspace', 'workspace'],
  'workspaces.rename': ['workspace', 'workspace'],
  'workspaces.chats.list': ['chat', 'chat'],
  'workspaces.chats.create': ['chat', 'chat'],
  'workspaces.cicd.deployments': ['deployment', 'deployment'],
};

const INFRA_WORD: Readonly<Record<string, string>> = {
  containers: 'container',
  microvms: 'microvm',
  kubernetes: 'cluster',
  publicIps: 'public_ip',
  vpnGateways: 'vpn_gateway',
};

/** Compute and infra: every JSON reply's records are reshaped (sub-lists too), as the variant always did. */
function infraKind(routeId: string): readonly [Kind, string] | undefined {
  const area = areaOf(routeId);
  const word = INFRA_WORD[area];
  if (!word) return undefined;
  const sub = routeId.slice(area.length + 1);
  if (sub === 'activity') return ['infra', 'event'];
  if (sub === 'nodes') return ['infra', 'node'];
  if (sub.startsWith('attachments') || sub === 'metrics' || sub === 'versions') return ['infra', 'attachment'];
  if (area === 'containers' || area === 'microvms') return ['compute', word];
  return [area === 'kubernetes' ? 'cluster' : 'infra', word];
}

const UPDATES = new Set(['skills.update', 'workspaces.rename', 'workflows.evals.put']);
const isUpdate = (id: string) =>
  UPDATES.has(id) || (INFRA_WORD[areaOf(id)] !== undefined && /\.update$|\.configVars\.replace$/.test(id));

type Headers = Record<string, string | string[]>;
type JsonReply = { status: number; json: unknown; headers?: Headers };

const LOG_ROUTES = new Set(['containers.logs', 'containers.logs.archive']);

function lineRewriter(routeId: string, spec: DialectSpec, req: SandboxRequest): LineRewriter | undefined {
  if (LOG_ROUTES.has(routeId) && spec.choices.logLine === 'bare') return bareLogLine;
  if (routeId === 'workflowRuns.stream') return sseRewriter(spec.choices, req.params.id ?? '');
  return undefined;
}

function nextLink(req: SandboxRequest, cursor: unknown): string {
  const q = new URLSearchParams(req.query);
  q.set('before', String(cursor));
  return `${req.zone.baseUrl}${req.path}?${q.toString()}`;
}

/** `{items, next_before?}` in the dialect's envelope (plural key: the path's last word). */
function envelope(body: Rec, items: unknown[], ch: Choices, req: SandboxRequest): SandboxResponse {
  const { items: _items, next_before, ...rest } = body;
  const cursor = next_before ?? null;
  const hasCursor = 'next_before' in body;
  switch (ch.envelope) {
    case 'items':
      return { status: 200, json: { ...body, items } };
    case 'data_next':
      return { status: 200, json: { data: items, next: cursor === null ? null : nextLink(req, cursor), ...rest } };
    case 'results_cursor':
      return { status: 200, json: { results: items, ...(hasCursor ? { cursor } : {}), ...rest } };
    case 'plural_next_cursor': {
      const plural = (req.path.split('/').filter(Boolean).at(-1) ?? 'items').replace(/-/g, '_');
      return { status: 200, json: { [plural]: items, ...(hasCursor ? { next_cursor: cursor } : {}), ...rest } };
    }
    case 'bare_link':
      return {
        status: 200,
        json: items,
        headers: cursor === null ? {} : { link: `<${nextLink(req, cursor)}>; rel="next"` },
      };
  }
}

function specialJson(routeId: string, json: unknown, ch: Choices, req: SandboxRequest): unknown {
  if (!isRec(json)) return json;
  if (/\.configVars\.(get|replace)$/.test(routeId) && isRec(json.config_vars)) {
    const { config_vars: vars, ...rest } = json;
    if (ch.configVars === 'bare') return vars;
    if (ch.configVars === 'list')
      return { vars: Object.entries(vars).map(([key, value]) => ({ key, value })), ...rest };
    return json;
  }
  if (routeId === 'workflows.webhook.rotate') return { [ch.webhookSecret]: json.secret };
  if (routeId === 'workspaces.cmsCli') {
    const code = Number(json.exit_code);
    const status =
      ch.cmsStatus === 'exit_code'
        ? { exit_code: code }
        : ch.cmsStatus === 'exit_status'
          ? { exit_status: code }
          : ch.cmsStatus === 'ok_bool'
            ? { ok: code === 0 }
            : { status: code === 0 ? 'ok' : 'failed' };
    return { ...status, [ch.cmsOutput]: json.output };
  }
  if (routeId === 'skills.files.put') {
    const b = isRec(req.body) ? req.body : {};
    if (ch.fileWriteReply === 'stored') return { ...json, content: b.content };
    if (ch.fileWriteReply === 'ack') return { saved: true, [ch.filePath]: json.path };
  }
  return undefined;
}

/** A JSON reply of an area in scope. */
function json(routeId: string, reply: JsonReply, spec: DialectSpec, req: SandboxRequest): SandboxResponse {
  const ch = spec.choices;
  const kind = KINDS[routeId] ?? infraKind(routeId);
  const special = specialJson(routeId, reply.json, ch, req);
  let out: SandboxResponse;
  if (special !== undefined) out = { ...reply, json: special };
  else if (!kind) return reply;
  else if (isRec(reply.json) && Array.isArray(reply.json.items)) {
    const items = reply.json.items.map((x) => (isRec(x) ? reshapeRecord(x, kind[0], kind[1], spec) : x));
    const env = envelope(reply.json, items, ch, req);
    const headers = { ...reply.headers, ...('headers' in env ? env.headers : {}) };
    out = { ...env, status: reply.status, ...(Object.keys(headers).length ? { headers } : {}) };
  } else if (isRec(reply.json)) {
    let rec = reshapeRecord(reply.json, kind[0], kind[1], spec);
    if (routeId === 'workflows.publish' && ch.publishReply === 'published') rec = { published: rec };
    if (routeId === 'workflows.create' || routeId === 'workflows.update') {
      if (ch.workflowWriteReply !== 'with_draft') delete rec[ch.draftField];
    }
    out = { ...reply, json: rec };
  } else return reply;
  return statuses(routeId, out, ch);
}

function statuses(routeId: string, out: SandboxResponse, ch: Choices): SandboxResponse {
  if (!('status' in out)) return out;
  const empty = (): SandboxResponse => ({ status: 204, empty: true });
  if (routeId === 'workflows.update' && ch.workflowWriteReply === 'empty') return empty();
  if (routeId === 'skills.files.put' && ch.fileWriteReply === 'empty') return empty();
  if (isUpdate(routeId) && out.status === 200 && ch.updateReply === 'empty') return empty();
  if (out.status === 201) return { ...out, status: Number(ch.createStatus) };
  return out;
}

/** A skill file's text as the dialect answers a read. */
function fileRead(text: string, ch: Choices, req: SandboxRequest): SandboxResponse | undefined {
  const path = req.query.get('path');
  if (ch.fileRead === 'json_content') return { status: 200, json: { [ch.filePath]: path, content: text } };
  if (ch.fileRead === 'json_text') return { status: 200, json: { [ch.filePath]: path, text } };
  if (ch.fileRead === 'json_data_content')
    return { status: 200, json: { data: { [ch.filePath]: path, content: text } } };
  return undefined;
}

/** One standard reply in `spec`'s dialect. `req` is the request as the handler saw it (standard names). */
export function reshapeReply(
  routeId: string,
  reply: SandboxResponse,
  spec: DialectSpec,
  req: SandboxRequest,
): SandboxResponse {
  const line = lineRewriter(routeId, spec, req);
  const drop = spec.choices.logLine === 'bare' ? LOG_COUNT_HEADERS : [];
  if ('stream' in reply) {
    if (!line) return reply;
    return { stream: (res, r) => reply.stream(rewritingResponse(res, line, drop), r) };
  }
  const headers = withoutHeaders(reply.headers, drop);
  if ('text' in reply) {
    if (line) return { ...reply, text: rewriteText(reply.text, line), headers };
    if (routeId === 'skills.files.content' && SCOPE_AREAS[spec.scope].has('skills'))
      return fileRead(reply.text, spec.choices, req) ?? reply;
    return reply;
  }
  if ('json' in reply && SCOPE_AREAS[spec.scope].has(areaOf(routeId)))
    return json(routeId, { ...reply, headers }, spec, req);
  return reply;
}
