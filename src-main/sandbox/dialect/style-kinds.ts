/**
 * What a style dialect calls each route's records: a kind (TitleCase, singular) and its plural,
 * from the route id. Routes whose replies are not records (config vars, a rotated secret, a CMS
 * command's output) still get the kind of their area; the style decides what to do with them.
 */
import { areaOf } from './points';

export interface StyleKind {
  kind: string;
  plural: string;
}

const AREA: Readonly<Record<string, StyleKind>> = {
  containers: { kind: 'Container', plural: 'containers' },
  microvms: { kind: 'MicroVM', plural: 'microvms' },
  kubernetes: { kind: 'Cluster', plural: 'clusters' },
  publicIps: { kind: 'PublicIP', plural: 'publicIps' },
  vpnGateways: { kind: 'VPNGateway', plural: 'vpnGateways' },
  skills: { kind: 'Skill', plural: 'skills' },
  workflows: { kind: 'Workflow', plural: 'workflows' },
  workflowRuns: { kind: 'WorkflowRun', plural: 'workflowRuns' },
  workspaces: { kind: 'Workspace', plural: 'workspaces' },
  repos: { kind: 'Repository', plural: 'repositories' },
};

/** Sub-routes whose records are of another kind than their area's. */
const SUB: ReadonlyArray<readonly [RegExp, StyleKind]> = [
  [/\.activity$/, { kind: 'Event', plural: 'events' }],
  [/\.attachments\./, { kind: 'Attachment', plural: 'attachments' }],
  [/^kubernetes\.nodes$/, { kind: 'Node', plural: 'nodes' }],
  [/^kubernetes\.versions$/, { kind: 'ClusterVersion', plural: 'clusterVersions' }],
  [/^skills\.files\./, { kind: 'SkillFile', plural: 'files' }],
  [/^workflows\.versions\.|^workflows\.publish$/, { kind: 'WorkflowVersion', plural: 'versions' }],
  [/^workflows\.evals\.(list|put)$/, { kind: 'EvalCase', plural: 'evalCases' }],
  [/^workflows\.evals\.(results|run)$/, { kind: 'EvalSuite', plural: 'evalSuites' }],
  [/^workflows\.runs?$/, { kind: 'WorkflowRun', plural: 'workflowRuns' }],
  [/^workspaces\.chats\./, { kind: 'Chat', plural: 'chats' }],
  [/^workspaces\.cicd\.deployments$/, { kind: 'Deployment', plural: 'deployments' }],
];

export function kindOf(routeId: string): StyleKind | undefined {
  for (const [re, k] of SUB) if (re.test(routeId)) return k;
  return AREA[areaOf(routeId)];
}

/** Records the spec fixes field by field (chat entries, deployment history): said as they are. */
export const FIXED_KINDS: ReadonlySet<string> = new Set(['Chat', 'Deployment']);

export const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const title = (w: string) =>
  w
    .split(/[_\s-]+/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
