/**
 * The command line's commands run in this process over a test's agent: the standalone link's shape
 * (AgentLink) over `agent.invoke`, and an Output that records what a person would read. No
 * keychain is needed (the agent keeps its secrets in memory), and no process is spawned per command.
 */
import type { Agent, Connection, StreamOut } from '../../src-main/agent/agent-types';
import type { CommandName } from '../../src-main/contract/commands';
import { AgentError } from '../../src-main/contract/errors';
import type { AgentLink } from '../../src-main/cli/link';
import type { Output } from '../../src-main/cli/output';

export function linkOver(agent: Agent): AgentLink {
  const listeners = new Map<string, Set<(m: StreamOut) => void>>();
  const conn: Connection = {
    id: `cli-test-${Math.random().toString(36).slice(2)}`,
    sendStream: (msg) => listeners.get(msg.sid)?.forEach((l) => l(msg)),
    bufferedAmount: () => 0,
  };
  return {
    mode: 'standalone',
    async invoke(command, input) {
      const reply = await agent.invoke(command as CommandName, input, conn);
      if (!reply.ok) throw AgentError.from(reply.error);
      return reply.result as never;
    },
    sessionsRestored: async () => {},
    onStream(sid, listener) {
      const set = listeners.get(sid) ?? new Set();
      listeners.set(sid, set.add(listener));
      return () => set.delete(listener);
    },
    sendStream: () => {},
    onEvent: () => () => {},
    close: async () => {},
  };
}

export type Recorder = Output & { notes: string[]; results: string[] };

/** What the command said: its notes (stderr) and its results (stdout), as plain text. */
export function recorder(): Recorder {
  const notes: string[] = [];
  const results: string[] = [];
  return {
    json: false,
    notes,
    results,
    result: (human) => results.push(human),
    note: (t) => notes.push(t),
    color: () => false,
  };
}
