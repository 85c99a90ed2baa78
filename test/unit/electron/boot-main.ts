/**
 * Loads the host (main.ts) afresh against a fresh fake Electron and a fake agent, with userData in
 * `dataDir`; `createAgent` may be replaced to make the start fail, `invoke` to script the agent.
 */
import { vi } from 'vitest';
import type { AgentOptions } from '../../../src-main/agent/agent-types';
import type { Reply } from '../../../src-main/contract/protocol';
import type * as FakeElectronModule from './fake-electron';

type FakeElectron = typeof FakeElectronModule;

export async function bootMain(
  dataDir: string,
  opts: {
    lock?: boolean;
    createAgent?: (o: AgentOptions) => Promise<unknown>;
    invoke?: (command: string, input: unknown) => Promise<Reply>;
    /** A fake module the test prepared (after its own vi.resetModules); else a fresh one. */
    electronModule?: FakeElectron;
  } = {},
) {
  let electron = opts.electronModule;
  if (!electron) {
    vi.resetModules();
    electron = await import('./fake-electron');
  }
  electron.app.paths.userData = dataDir;
  electron.app.requestSingleInstanceLock.mockReturnValue(opts.lock ?? true);
  const listeners = new Set<(name: string, payload: unknown) => void>();
  const agent = {
    invoke: vi.fn(async (command: string, input: unknown): Promise<Reply> => {
      if (opts.invoke) return opts.invoke(command, input);
      return { ok: true, result: 'pong' };
    }),
    streamInput: vi.fn(),
    disconnect: vi.fn(),
    onEvent: vi.fn((l: (name: string, payload: unknown) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    }),
    openLink: vi.fn(() => true),
    dispose: vi.fn(async () => undefined),
    /** The agent tells its listeners (the IPC adapter, the tray) of an event. */
    emit: (name: string, payload: unknown) => listeners.forEach((l) => l(name, payload)),
  };
  const createAgent = vi.fn(opts.createAgent ?? (async (_o: AgentOptions) => agent));
  vi.doMock('electron', () => electron);
  vi.doMock('../../../src-main/agent/agent', () => ({ createAgent }));
  await import('../../../src-main/electron/main');
  return { electron, agent, createAgent };
}
