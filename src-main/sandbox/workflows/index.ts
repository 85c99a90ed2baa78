/** Workflows and workflow runs: authoring, runners, evals and runs, over one shared context. */
import type { SandboxModule } from '../core/types';
import { authoringHandlers } from './authoring';
import { WorkflowsCtx } from './context';
import { evalHandlers } from './evals';
import { runHandlers } from './runs';
import { runnerHandlers } from './runners';

export const workflowsModule: SandboxModule = (world) => {
  const ctx = new WorkflowsCtx(world);
  return {
    http: { ...authoringHandlers(ctx), ...runnerHandlers(ctx), ...evalHandlers(ctx), ...runHandlers(ctx) },
  };
};
