/**
 * The browser host's agent and everything that needs it: the file logger (at the level asked for,
 * else the one saved in Settings), the agent and the command line's socket. cli.ts loads this
 * module once the page's server is listening, so the browser starts on the page while these load.
 */
import { createAgent } from '../agent/agent';
import type { Agent } from '../agent/agent-types';
import { createFileLogger, type FileLogger, type LogLevel } from '../agent/log';
import { savedChoice } from '../agent/settings/saved-choice';
import { serveAgentSocket } from '../cli/socket-server';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { osOpen } from './os-open';

export interface HostAgentOptions {
  dataDir: string;
  /** From --log-level, already checked; absent means the level saved in Settings. */
  level: LogLevel | undefined;
  version: string;
  memorySecrets: boolean;
  keychainService: string | undefined;
  /** A command line said hello on the agent's socket. */
  onCliClient: () => void;
}

export interface HostAgent {
  agent: Agent;
  logs: FileLogger;
  /** Absent when another process serves the command line (logged). */
  cliSocket: { close(): Promise<void> } | undefined;
}

export async function startHostAgent(o: HostAgentOptions): Promise<HostAgent> {
  const logs = createFileLogger({ dataDir: o.dataDir, level: o.level ?? savedChoice(o.dataDir, 'logLevel') });
  try {
    const agent = await createAgent({
      dataDir: o.dataDir,
      host: 'browser',
      version: o.version,
      log: logs.log,
      openPath: (folder) => osOpen(folder, 'folder'),
      ...(o.memorySecrets ? { memorySecrets: true } : {}),
      ...(o.keychainService ? { keychainService: o.keychainService } : {}),
      sandbox: createSandboxRunner({ scale: sandboxScaleFromEnv() }),
    });
    // `zonedeck` in a terminal uses this agent and its sign-ins while the host runs.
    const cliSocket = await serveAgentSocket({
      agent,
      dataDir: o.dataDir,
      log: logs.log.child('cli-socket'),
      onClient: o.onCliClient,
    }).catch((err: unknown) => {
      logs.log.child('web').warn('the command line cannot reach this agent; it will run its own', { err });
      return undefined;
    });
    return { agent, logs, cliSocket };
  } catch (err) {
    logs.close();
    throw err;
  }
}
