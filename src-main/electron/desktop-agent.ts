/**
 * The agent as the host's windows and tray see it: the same agent, plus
 *  - the host's own `desktop.*` commands (contract/desktop.ts), answered here, and
 *  - every kubeconfig or VPN profile written through it remembered in RecentGrabs, whoever asked
 *    (a screen, the palette, the quick-grab window, the tray).
 * One wrapper, so ipc.ts and the agent stay as they are.
 */
import path from 'node:path';
import type { Agent } from '../agent/agent-types';
import type { ClusterRef, FileSaved, KubeconfigMerged, KubeconfigSaved } from '../contract/commands-infra';
import type { DesktopCommands } from '../contract/desktop';
import { AGENT_CODES } from '../contract/errors';
import type { Reply } from '../contract/protocol';
import type { RecentGrabs } from './recent-grabs';

type DesktopName = keyof DesktopCommands;
export type DesktopHandlers = {
  [C in DesktopName]: (input: unknown) => Promise<Reply<DesktopCommands[C]['output']>>;
};

const isDesktop = (c: string): c is DesktopName => c.startsWith('desktop.');

export function desktopAgent(agent: Agent, recent: RecentGrabs, handlers: DesktopHandlers): Agent {
  return {
    async invoke(command, input, conn) {
      if (isDesktop(command)) {
        const handler = Object.hasOwn(handlers, command) ? handlers[command] : undefined;
        if (!handler) {
          return {
            ok: false,
            error: {
              status: 0,
              code: AGENT_CODES.unknownCommand,
              message: `There is no command “${command.slice(0, 100)}”.`,
            },
          };
        }
        try {
          return await handler(input);
        } catch (err) {
          // Like the agent's invoke, this never throws: the window gets an error reply.
          const message = err instanceof Error ? err.message : String(err);
          return { ok: false, error: { status: 0, code: AGENT_CODES.internal, message } };
        }
      }
      const reply = await agent.invoke(command, input, conn);
      try {
        if (reply.ok && reply.result) void noteGrab(recent, command, input, reply.result);
      } catch {
        // A reply of an unexpected shape is not remembered; the file was written all the same.
      }
      return reply;
    },
    streamInput: (msg, conn) => agent.streamInput(msg, conn),
    disconnect: (conn) => agent.disconnect(conn),
    onEvent: (listener) => agent.onEvent(listener),
    openLink: (raw) => agent.openLink(raw),
    sessionsRestored: (zones) => agent.sessionsRestored(zones),
    dispose: () => agent.dispose(),
  };
}

/** A kubeconfig saved or merged, or a VPN profile saved, becomes the newest recent grab. */
function noteGrab(recent: RecentGrabs, command: string, input: unknown, result: unknown): Promise<void> {
  const at = Date.now();
  if (command === 'kubeconfig.save' || command === 'kubeconfig.merge') {
    const ref = input as ClusterRef;
    const merged = command === 'kubeconfig.merge';
    const where = merged ? (result as KubeconfigMerged).target : (result as KubeconfigSaved).path;
    // A cluster named by id only: the saved entry's name is `<zone>-<cluster>`.
    const name =
      ref.clusterName ??
      (merged ? (result as KubeconfigMerged).context : (result as KubeconfigSaved).name).replace(`${ref.zone}-`, '');
    return recent.add({
      kind: 'kubeconfig',
      zone: ref.zone,
      id: ref.clusterId,
      name,
      mode: merged ? 'merge' : 'save',
      path: where,
      at,
    });
  }
  if (command === 'vpn.saveProfile') {
    const ref = input as { zone: string; gatewayId: string; gatewayName?: string };
    const saved = result as FileSaved;
    const name = ref.gatewayName ?? path.basename(saved.path).replace(/\.conf$/, '');
    return recent.add({
      kind: 'vpn',
      zone: ref.zone,
      id: ref.gatewayId,
      name,
      dir: path.dirname(saved.path),
      path: saved.path,
      at,
    });
  }
  return Promise.resolve();
}
