/**
 * What a command sees of the agent, whichever one answers: the running app's, over its local
 * socket (shared mode), or one started in this process on the same data folder (standalone).
 */
import type { CommandInput, CommandName, CommandOutput } from '../contract/commands';
import type { AgentEventName } from '../contract/protocol';
import type { StreamIn, StreamOut } from '../agent/agent-types';

export interface AgentLink {
  readonly mode: 'shared' | 'standalone';
  /** Runs one agent command; a refusal is thrown as an AgentError. */
  invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>>;
  /** Waits for the remembered sessions of these zones to be back (the app's agent has them already). */
  sessionsRestored(zones?: readonly string[]): Promise<void>;
  onStream(sid: string, listener: (msg: StreamOut) => void): () => void;
  sendStream(msg: StreamIn): void;
  onEvent(listener: (name: AgentEventName, payload: unknown) => void): () => void;
  /** Hands a zonedeck:// link to the app's window (shared mode only). */
  openLink?(link: string): Promise<boolean>;
  close(): Promise<void>;
}
