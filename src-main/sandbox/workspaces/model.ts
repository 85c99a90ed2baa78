/**
 * Workspace records and the per-world state the workspaces and webhooks modules share: the
 * workspace store and the registry of deploy-platform apps that receive push webhooks.
 */
import type { Started } from '../kit/clock';

export type Template = 'store' | 'cms' | 'blank';
export type AppName = 'backend' | 'storefront';

export interface Deployment {
  uuid: string;
  status: 'succeeded' | 'failed';
  commit: string;
  app: AppName;
  trigger: 'initial' | 'manual' | 'push';
  started_at: string;
  finished_at: string;
  log: string[];
}

export interface Chat {
  seq: number;
  kind: 'run' | 'team';
  mode: 'agent' | 'team';
  ref_id: string;
  prompt: string;
  status: 'started';
  created_at: string;
}

export interface Cicd {
  enabled: boolean;
  deploy_server_id: string | null;
  app_id: string | null;
  tracked_branch: string;
  last_seen_sha: string | null;
  last_deployed_sha: string | null;
}

export interface Workspace {
  id: string;
  name: string;
  template: Template;
  repo_full_name: string;
  repo_id: string;
  status: 'creating' | 'ready' | 'ci_error' | 'failed';
  last_error: string | null;
  created_at: string;
  updated_at: string;
  cicd: Cicd;
  deployments: Deployment[];
  chats: Chat[];
  /** Where `creating` settles to, and when creation began (status is settled lazily on read). */
  outcome: { status: 'ready' | 'ci_error' | 'failed'; last_error: string | null };
  started: Started;
  admin_password: string;
  publishable_key: string;
}

/** A deploy-platform application that receives push webhooks (shared by every tenant of a zone). */
export interface WebhookApp {
  id: string;
  secret: string;
  zoneId: string;
}

/** Seeded apps: the first one uses GitHub's published test-vector secret. */
export const SEED_APPS = [
  { id: 'app-hello-world', secret: "It's a Secret to Everybody", template: 'store' as const },
  { id: 'app-company-site', secret: 'sandbox-cms-webhook-secret', template: 'cms' as const },
];
