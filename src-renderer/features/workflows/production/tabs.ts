/**
 * The workflow's production tabs (deployment, evals, runs, webhook), listed here so the workflow
 * details add them beside the editor's own without knowing them. Each tab component takes
 * `WorkflowTabProps`.
 */
import type { Component } from 'vue';
import type { ZoneView } from '@contract/commands';
import type { Raw } from '../../../lib/tolerant';
import type { WorkflowSummary } from '../shapes/workflow';

export interface WorkflowTabProps {
  zone: ZoneView;
  /** The workflow's id in this zone. */
  id: string;
  summary: WorkflowSummary;
  raw: Raw;
  /** A run to open (a deep link's), new each time it is asked for; the runs tab takes it. */
  openRun?: RunRequest;
}

export interface RunRequest {
  id: string;
  /** Bumped by every request, so the same run asked for twice opens twice. */
  n: number;
}

export interface WorkflowTab {
  id: string;
  title: string;
  load: () => Promise<Component>;
}

export const PRODUCTION_TABS: WorkflowTab[] = [
  { id: 'deployment', title: 'Deployment', load: () => import('./DeploymentTab.vue') },
  { id: 'evals', title: 'Evals', load: () => import('./EvalsTab.vue') },
  { id: 'runs', title: 'Runs', load: () => import('./RunsTab.vue') },
  { id: 'webhook', title: 'Webhook', load: () => import('./WebhookTab.vue') },
];
