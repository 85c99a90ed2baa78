/**
 * The spec's areas as navigation, with the sections each will hold. Sections with a screen in
 * views/screens.ts open it; the rest show what will be there (never "coming soon").
 */
import { hasScreen } from '../views/screens';

export type AreaId =
  | 'identity'
  | 'compute'
  | 'storage'
  | 'kubernetes'
  | 'networking'
  | 'applications'
  | 'workflows'
  | 'workspaces'
  | 'limits'
  | 'all-zones';

export interface Section {
  id: string;
  title: string;
}

export interface Area {
  id: AreaId;
  title: string;
  /** One sentence: what this area is for, shown in its empty state. */
  about: string;
  sections: Section[];
}

export const AREAS: readonly Area[] = [
  {
    id: 'identity',
    title: 'Identity',
    about: 'Your account, authenticator, remembered browsers, sessions and API clients for machine access.',
    sections: [
      { id: 'account', title: 'Account' },
      { id: 'security', title: 'Security' },
      { id: 'api-clients', title: 'API clients' },
    ],
  },
  {
    id: 'compute',
    title: 'Compute',
    about: 'Containers and microVMs: lifecycle, config vars, logs, metrics and consoles.',
    sections: [
      { id: 'containers', title: 'Containers' },
      { id: 'microvms', title: 'MicroVMs' },
    ],
  },
  {
    id: 'storage',
    title: 'Storage',
    about: 'Disks, their snapshots and restores, and moving a disk to another host.',
    sections: [{ id: 'disks', title: 'Disks' }],
  },
  {
    id: 'kubernetes',
    title: 'Kubernetes',
    about: 'Managed clusters: nodes, versions, rolling upgrades and kubeconfigs.',
    sections: [{ id: 'clusters', title: 'Clusters' }],
  },
  {
    id: 'networking',
    title: 'Networking',
    about: 'Public IPs and VPN gateways, with client profiles you can download.',
    sections: [
      { id: 'public-ips', title: 'Public IPs' },
      { id: 'vpn-gateways', title: 'VPN gateways' },
    ],
  },
  {
    id: 'applications',
    title: 'Applications',
    about: 'Deploy servers and the repositories that feed them.',
    sections: [
      { id: 'deploy-servers', title: 'Deploy servers' },
      { id: 'repositories', title: 'Repositories' },
    ],
  },
  {
    id: 'workflows',
    title: 'Workflows',
    about: 'AI workflows and skills: drafts, versions, canaries, evals and live runs.',
    sections: [
      { id: 'workflows', title: 'Workflows' },
      { id: 'skills', title: 'Skills' },
    ],
  },
  {
    id: 'workspaces',
    title: 'Workspaces',
    about: 'Workspaces with CI/CD: deployments, build logs and the running app.',
    sections: [{ id: 'workspaces', title: 'Workspaces' }],
  },
  {
    id: 'limits',
    title: 'Limits',
    about: 'Your tenant’s resource limits: CPU, memory, storage, VPCs and LLM tokens.',
    sections: [{ id: 'limits', title: 'Limits' }],
  },
  {
    // Last, so a section id shared with a zone's own area (containers …) resolves to that area first.
    id: 'all-zones',
    title: 'All zones',
    about: 'Containers, microVMs, clusters, workflows and workspaces of every zone in one list.',
    sections: [
      { id: 'containers', title: 'Containers' },
      { id: 'microvms', title: 'MicroVMs' },
      { id: 'clusters', title: 'Clusters' },
      { id: 'workflows', title: 'Workflows' },
      { id: 'workspaces', title: 'Workspaces' },
      { id: 'changes', title: 'Changes from this machine' },
    ],
  },
];

export function findArea(id: string): Area | undefined {
  return AREAS.find((a) => a.id === id);
}

export function findSection(area: Area, sectionId: string): Section {
  return area.sections.find((s) => s.id === sectionId) ?? area.sections[0]!;
}

/** Sections that have a screen, across areas: what an empty area can offer instead. */
export function builtSections(): { area: Area; section: Section }[] {
  return AREAS.flatMap((area) =>
    area.sections.filter((s) => hasScreen(area.id, s.id)).map((section) => ({ area, section })),
  );
}
