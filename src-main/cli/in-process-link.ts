/**
 * Standalone mode: the agent in this process, on the app's data folder and keychain, so the zones
 * and remembered sessions are the window's. Sessions are restored only for the zones a command
 * needs (one renewal, not one per zone), and written back to the keychain as the window would.
 */
import { createAgent } from '../agent/agent';
import type { Connection, StreamOut } from '../agent/agent-types';
import { AgentError } from '../contract/errors';
import type { CommandName } from '../contract/commands';
import { createFileLogger, type LogLevel } from '../agent/log';
import { warmUndici } from '../agent/http/undici-lazy';
import type { AgentLink } from './link';

export interface InProcessOptions {
  dataDir: string;
  version: string;
  keychainService?: string;
  logLevel: LogLevel;
}

export async function inProcessLink(o: InProcessOptions): Promise<AgentLink> {
  // Its own file beside the app's: two processes rotating one log file would lose lines.
  const logs = createFileLogger({ dataDir: o.dataDir, level: o.logLevel, fileName: 'cli.log' });
  // Every command asks a zone: the HTTP client loads while the keychain is opened and read.
  warmUndici();
  const agent = await createAgent({
    dataDir: o.dataDir,
    host: 'cli',
    version: o.version,
    deferRestore: true,
    log: logs.log,
    ...(o.keychainService ? { keychainService: o.keychainService } : {}),
  });
  const listeners = new Map<string, Set<(m: StreamOut) => void>>();
  const conn: Connection = {
    id: 'cli',
    sendStream: (msg) => listeners.get(msg.sid)?.forEach((l) => l(msg)),
    // The terminal writes synchronously enough; stdout's own buffer is the backpressure.
    bufferedAmount: () => process.stdout.writableLength,
  };
  return {
    mode: 'standalone',
    async invoke(command, input) {
      const reply = await agent.invoke(command as CommandName, input, conn);
      if (!reply.ok) throw AgentError.from(reply.error);
      return reply.result as never;
    },
    sessionsRestored: (zones) => agent.sessionsRestored(zones),
    onStream(sid, listener) {
      const set = listeners.get(sid) ?? new Set();
      listeners.set(sid, set.add(listener));
      return () => set.delete(listener);
    },
    sendStream: (msg) => agent.streamInput(msg, conn),
    onEvent: (listener) => agent.onEvent(listener),
    async close() {
      agent.disconnect(conn);
      await agent.dispose();
      logs.flush();
      logs.close();
    },
  };
}
