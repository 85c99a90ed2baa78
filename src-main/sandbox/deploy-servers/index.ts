/**
 * Deploy servers: the three restart routes (POST, no body, 204). Only seeded servers and their
 * applications, databases and services exist (ids in ./seed.ts, documented in docs/sandbox.md);
 * anything else is a 404. The deploy_servers:manage permission is checked by the core.
 */
import type { Handler, SandboxModule, SandboxRequest } from '../core/types';
import { noContent, notFound } from '../kit/http';
import { DEPLOY_SERVERS, type MemberKind } from './seed';

const restart =
  (kind: MemberKind, param: string): Handler =>
  (req: SandboxRequest) => {
    const id = req.params.id ?? '';
    const server = DEPLOY_SERVERS[id] ?? notFound('deploy server', id);
    const name = req.params[param] ?? '';
    if (!server[kind].includes(name)) notFound(kind.slice(0, -1), name);
    // A restart of a seeded member always succeeds at once; there is no state to change.
    return noContent();
  };

export const deployServersModule: SandboxModule = () => ({
  http: {
    'deployServers.applications.restart': restart('applications', 'app'),
    'deployServers.databases.restart': restart('databases', 'db'),
    'deployServers.services.restart': restart('services', 'svc'),
  },
});
