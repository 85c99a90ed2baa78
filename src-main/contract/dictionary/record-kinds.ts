/**
 * What one record of each list is, by the operation that reads the list: the dictionary's kinds.
 * The window, the agent (palette index, journal) and the CLI read a list through the same kind, so
 * a field chosen once for a zone's clusters holds in all three.
 */
import type { OperationId } from '../routes';
import type { ReadRole } from './dictionary-types';

export const LIST_KINDS = {
  'containers.list': 'container',
  'microvms.list': 'microvm',
  'kubernetes.list': 'cluster',
  'publicIps.list': 'public_ip',
  'vpnGateways.list': 'vpn_gateway',
  'skills.list': 'skill',
  'skills.files.list': 'skill_file',
  'workflows.list': 'workflow',
  'workflows.versions.list': 'version',
  'workflows.evals.list': 'eval_case',
  'workflows.runs': 'run',
  'repos.list': 'repo',
  'workspaces.list': 'workspace',
  'workspaces.chats.list': 'chat',
  'apiClients.list': 'api_client',
} as const satisfies Partial<Record<OperationId, string>>;

export type ListOperation = keyof typeof LIST_KINDS;
export type RecordKind = (typeof LIST_KINDS)[ListOperation];

/** What each kind is called in a sentence ("This zone's VPN gateways …"). */
export const KIND_WORDS: Readonly<Record<RecordKind, string>> = {
  container: 'containers',
  microvm: 'microVMs',
  cluster: 'clusters',
  public_ip: 'public IPs',
  vpn_gateway: 'VPN gateways',
  skill: 'skills',
  skill_file: 'skill files',
  workflow: 'workflows',
  version: 'workflow versions',
  eval_case: 'eval cases',
  run: 'runs',
  repo: 'repositories',
  workspace: 'workspaces',
  chat: 'chats',
  api_client: 'API clients',
};

/** The roles a kind's rows need (the list says so above itself when one cannot be read): every record is acted on by its id. */
export const NEEDED_ROLES: Readonly<Record<RecordKind, readonly ReadRole[]>> = {
  container: ['id', 'name', 'state'],
  microvm: ['id', 'name', 'state'],
  cluster: ['id', 'name'],
  public_ip: ['id'],
  vpn_gateway: ['id', 'name'],
  skill: ['id', 'name'],
  skill_file: [],
  workflow: ['id', 'name'],
  version: [],
  eval_case: ['id'],
  run: ['id', 'state'],
  repo: ['id'],
  workspace: ['id', 'name'],
  chat: [],
  api_client: ['id', 'name'],
};

export function kindOfList(op: string): RecordKind | undefined {
  return Object.hasOwn(LIST_KINDS, op) ? LIST_KINDS[op as ListOperation] : undefined;
}
