/**
 * Which agent answers: the running app's when its socket answers (sign-ins shared with the
 * window, no second renewal of the same refresh token), else one in this process.
 */
import type { LogLevel } from '../agent/log';
import type { AgentLink } from './link';

export interface ConnectOptions {
  dataDir: string;
  version: string;
  keychainService?: string;
  logLevel: LogLevel;
  /** Never use the app's agent (tests, or a broken app). */
  standalone: boolean;
}

export async function connect(o: ConnectOptions): Promise<AgentLink> {
  if (!o.standalone) {
    const { socketLink } = await import('./socket-link');
    const shared = await socketLink(o.dataDir);
    if (shared) return shared;
  }
  const { inProcessLink } = await import('./in-process-link');
  return inProcessLink(o);
}
