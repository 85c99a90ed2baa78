/** Every resource module of the sandbox; the core merges their handler maps at start. */
import type { SandboxModule } from './core/types';
import { identityModule } from './identity';
import { storageModule } from './storage';
import { deployServersModule } from './deploy-servers';
import { limitsModule } from './limits';
import { workflowsModule } from './workflows';
import { reposModule } from './repos';
import { workspacesModule } from './workspaces';
import { webhooksModule } from './webhooks';
import { kubernetesModule } from './kubernetes';
import { networkingModule } from './networking';
import { skillsModule } from './skills';
import { computeModule } from './compute';

export const MODULES: SandboxModule[] = [
  identityModule,
  storageModule,
  deployServersModule,
  limitsModule,
  workflowsModule,
  reposModule,
  workspacesModule,
  webhooksModule,
  kubernetesModule,
  networkingModule,
  skillsModule,
  computeModule,
];
