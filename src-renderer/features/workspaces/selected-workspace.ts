/**
 * The workspace open in details, on which the command palette's "Open live URL" and "Copy admin
 * password" act, and those two actions.
 */
import { shallowRef } from 'vue';
import { agent } from '../../agent';
import { safeUrl, toCicdStatus } from '../../shapes/cicd-record';
import { copyAdminPassword } from './credentials/workspace-credentials';

/** A workspace as the palette knows it: ids and names only, never a credential. */
export interface SelectedWorkspace {
  zone: string;
  zoneName: string;
  id: string;
  name: string;
  template: string | undefined;
}

/** The workspace whose details are open (ids and names only: never a credential). */
export const selectedWorkspace = shallowRef<SelectedWorkspace | null>(null);

/**
 * Marks a workspace as the one in details; returns the function that unmarks it (only if it is
 * still the one marked, so a pane closing after another opened does not clear the newer one).
 */
export function selectWorkspace(ws: SelectedWorkspace): () => void {
  selectedWorkspace.value = ws;
  return () => {
    if (selectedWorkspace.value === ws) selectedWorkspace.value = null;
  };
}

type WorkspaceRun = 'live-url' | 'copy-password';

/** What the palette says while a workspace action runs and when it fails. */
export function workspaceActionWords(run: WorkspaceRun, name: string): { busy: string; failed: string } {
  return run === 'copy-password'
    ? { busy: `Copying the admin password of ${name}…`, failed: 'Could not copy the admin password' }
    : { busy: `Finding the live URL of ${name}…`, failed: 'Could not open the live URL' };
}

/**
 * Runs a palette action on the selected workspace; what to say when done. The live URL opens in
 * the system browser (Electron) or a tab, and comes back as a link too should the window be blocked.
 */
export async function runWorkspaceAction(
  run: WorkspaceRun,
  ws: SelectedWorkspace,
): Promise<{ title: string; link?: string }> {
  if (run === 'copy-password') {
    await copyWorkspacePassword(ws);
    return { title: `Admin password of ${ws.name} copied to the clipboard` };
  }
  const url = await liveUrlOf(ws);
  window.open(url, '_blank', 'noopener,noreferrer');
  return { title: `Live URL of ${ws.name} opened`, link: url };
}

/** The workspace's live URL from its CI/CD status; throws in words when it has none. */
export async function liveUrlOf(ws: SelectedWorkspace): Promise<string> {
  const status = toCicdStatus(await agent.call(ws.zone, 'workspaces.cicd.get', { params: { id: ws.id } }));
  const url = safeUrl(status.liveUrl);
  if (!url) throw new Error(`${ws.name} has no live URL yet: it is not deployed.`);
  return url;
}

/** The admin password to the clipboard, never shown or kept. */
export function copyWorkspacePassword(ws: SelectedWorkspace): Promise<void> {
  return copyAdminPassword({ zone: ws.zone, id: ws.id }, ws.template);
}
