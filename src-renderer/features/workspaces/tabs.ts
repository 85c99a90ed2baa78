/**
 * A workspace's tabs, listed here so the details pane adds them without knowing them. Each tab
 * component takes `WorkspaceTabProps`; `shows` hides a tab the workspace's template has no use for
 * (a zone that does not say its template shows them all).
 */
import type { Component } from 'vue';
import type { ZoneView } from '@contract/commands';
import { hasCms, hasStoreCredentials, type WorkspaceSummary } from './shapes/workspace-record';

export interface WorkspaceTabProps {
  zone: ZoneView;
  /** The workspace's id in this zone. */
  id: string;
  workspace: WorkspaceSummary;
}

export interface WorkspaceTab {
  id: string;
  title: string;
  shows?: (w: WorkspaceSummary) => boolean;
  load: () => Promise<Component>;
}

export const WORKSPACE_TABS: WorkspaceTab[] = [
  { id: 'cicd', title: 'CI/CD', load: () => import('./cicd/CicdTab.vue') },
  {
    id: 'credentials',
    title: 'Credentials',
    shows: (w) => hasStoreCredentials(w) || hasCms(w),
    load: () => import('./credentials/CredentialsTab.vue'),
  },
  { id: 'cms', title: 'CMS commands', shows: hasCms, load: () => import('./cms/CmsTab.vue') },
  { id: 'chats', title: 'Chats', load: () => import('./chats/ChatsTab.vue') },
];
