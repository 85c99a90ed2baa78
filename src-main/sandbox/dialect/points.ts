/**
 * Every point where the spec says "not shown", as data: each point's alternatives, the first one
 * being the standard dialect's. A dialect is one choice per point plus two switches (which areas
 * its record points reach, and whether it refuses requests in other names). docs/zone-shapes.md
 * is the readable form of this table.
 */
import type { Edge } from './edge';

export const POINTS = {
  // Lists and records (in the areas of `scope`).
  envelope: ['items', 'data_next', 'results_cursor', 'bare_link', 'plural_next_cursor'],
  id: ['id', 'uuid', 'kind_id'],
  name: ['name', 'display_name', 'title'],
  description: ['description', 'summary', 'about'],
  stateField: ['status', 'state', 'phase'],
  stateCase: ['lower', 'upper', 'title'],
  computeWords: ['standard', 'active', 'up'],
  currentOnly: ['no', 'yes'],
  workers: ['workers', 'worker_count', 'node_count'],
  time: ['iso', 'epoch_s', 'epoch_ms'],
  createStatus: ['201', '202', '200'],
  updateReply: ['record', 'empty'],
  errorShape: ['flat', 'errors_array', 'code_detail', 'nested'],
  // Compute.
  configVars: ['map', 'list', 'bare'],
  logLine: ['standard', 'bare'],
  console: ['control', 'none'],
  // Skills.
  filePath: ['path', 'name', 'file', 'filename'],
  fileRead: ['text', 'json_content', 'json_text', 'json_data_content'],
  fileWrite: ['json_content', 'json_text', 'raw'],
  fileWriteReply: ['meta', 'stored', 'empty', 'ack'],
  // Workflows.
  draftField: ['draft_spec', 'spec', 'definition', 'draft'],
  workflowWriteReply: ['with_draft', 'without_draft', 'empty'],
  deployment: ['deployment', 'primary_runner', 'runners', 'deployed_version'],
  weight: ['weight', 'weight_percent', 'percent'],
  canaryVersion: ['version', 'version_number', 'target_version'],
  publishReply: ['version', 'version_number', 'published'],
  evalKind: ['kind', 'type', 'assertion'],
  evalExpected: ['expected', 'expect', 'value'],
  evalTarget: ['target', 'runner', 'against'],
  verdict: ['passed', 'verdict', 'result'],
  runInput: ['input', 'inputs', 'payload'],
  runWords: ['standard', 'completed', 'success'],
  steps: ['steps', 'trail', 'step_trail', 'nodes'],
  stepKey: ['node_id', 'node', 'step_id', 'id'],
  approval: ['decision', 'approved', 'action'],
  events: ['standard', 'dotted', 'generic', 'unnamed'],
  eventIds: ['seq', 'uuid', 'run_seq', 'none'],
  webhookSecret: ['secret', 'signing_secret', 'webhook_secret'],
  // Workspaces (what the spec fixes stays exact).
  template: ['template', 'kind', 'stack'],
  cmsStatus: ['exit_code', 'exit_status', 'status_word', 'ok_bool'],
  cmsOutput: ['output', 'stdout', 'result'],
  chatPrompt: ['prompt', 'message', 'text'],
  commitMessage: ['none', 'message', 'commit_message', 'commit_object'],
  deployWords: ['succeeded', 'deployed', 'live'],
  notDeployed: ['404', '409_not_deployed', '409_no_deployments'],
  connectorCode: ['no_connector', 'connector_missing', 'no_source_connector', 'source_host_not_connected'],
  wrongKind: ['409', '404', '422'],
} as const satisfies Record<string, readonly string[]>;

export type Point = keyof typeof POINTS;
export type Choices = { readonly [P in Point]: (typeof POINTS)[P][number] };

/** Which route areas the record points (envelope, id, name, state, time …) reach. */
export type Scope = 'infra' | 'open';

export interface DialectSpec {
  readonly name: string;
  readonly choices: Choices;
  readonly scope: Scope;
  /** Refuse a request that names a field or parameter otherwise than this dialect (400/422 naming it). */
  readonly strict: boolean;
  /** An outer layer around this one (random renaming, a public API style); see edge.ts. */
  readonly edge?: Edge;
}

export const POINT_NAMES = Object.keys(POINTS) as Point[];

const standardChoices = Object.fromEntries(POINT_NAMES.map((p) => [p, POINTS[p][0]])) as unknown as Choices;

/** Today's sandbox, exactly. */
export const STANDARD: DialectSpec = { name: 'standard', choices: standardChoices, scope: 'infra', strict: false };

/** The second fixed dialect: other envelopes, field names, log lines, console and run-event names in compute and infra. */
export const VARIANT: DialectSpec = {
  name: 'variant',
  choices: {
    ...standardChoices,
    envelope: 'data_next',
    id: 'uuid',
    name: 'display_name',
    stateField: 'state',
    workers: 'worker_count',
    logLine: 'bare',
    console: 'none',
    events: 'dotted',
  },
  scope: 'infra',
  strict: false,
};

/** Route-id areas each scope's record points reach. Identity and what the spec fixes are never reshaped. */
export const SCOPE_AREAS: Readonly<Record<Scope, ReadonlySet<string>>> = {
  infra: new Set(['containers', 'microvms', 'kubernetes', 'publicIps', 'vpnGateways']),
  open: new Set([
    'containers',
    'microvms',
    'kubernetes',
    'publicIps',
    'vpnGateways',
    'skills',
    'workflows',
    'workflowRuns',
    'workspaces',
  ]),
};

export const areaOf = (routeId: string): string => routeId.slice(0, routeId.indexOf('.'));

/** The choices that differ from the standard dialect's, for the ready line and GET /_sandbox/dialect. */
export function differences(spec: DialectSpec): Partial<Record<Point, string>> {
  const out: Partial<Record<Point, string>> = {};
  for (const p of POINT_NAMES) if (spec.choices[p] !== POINTS[p][0]) out[p] = spec.choices[p];
  return out;
}
