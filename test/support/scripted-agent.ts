/**
 * For store unit tests: the renderer's agent module replaced by a scripted zone. A test mocks
 * `src-renderer/agent` with `scriptedAgentModule()`, sets `scripted.answer` to what the zone says,
 * and reads `scripted.calls` for what the store sent (operation, params, query, body, words,
 * encoding). Agent commands other than `api.call` (`list.poll`, `zones.list` …) go to
 * `scripted.command` (default: an empty list). A guard set with `setGuard` runs before every call,
 * command and send, as the real agent's does (src-renderer/agent.ts), so a refused call is never
 * recorded. `emitEvent` delivers an agent event (`session.changed`, `zones.health` …) to whoever
 * listens, `emitConnection` a change of the connection's state (browser mode's socket). The HTTP path itself is the agent's, tested against loopback zones elsewhere.
 */
export interface ScriptedCall {
  op: string;
  opts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: Record<string, unknown>;
    words?: unknown;
    encoding?: string;
  };
}

type Guard = (command: string, input: unknown) => Promise<void>;

export const scripted = {
  calls: [] as ScriptedCall[],
  answer: (() => undefined) as (c: ScriptedCall) => unknown,
  /** Commands sent with `invoke` (not `api.call`), in order. */
  commands: [] as { command: string; input: unknown }[],
  command: (() => []) as (command: string, input: unknown) => unknown,
  guard: null as Guard | null,
  /** The names the agent says a `send` went under (`ApiResult.sent`), when a test plays the agent's learning. */
  sent: (() => undefined) as (c: ScriptedCall) => unknown,
};

const listeners = new Set<{ name: string; fn: (payload: unknown) => void }>();

/** Delivers an agent event to the listeners the stores registered with `agent.onEvent`. */
export function emitEvent(name: string, payload: unknown): void {
  for (const l of [...listeners]) if (l.name === name) l.fn(payload);
}

const connectionListeners = new Set<(state: string) => void>();

/** Tells the stores listening with `agent.onConnection` that the connection is now `state`. */
export function emitConnection(state: 'connecting' | 'open' | 'reconnecting' | 'closed'): void {
  for (const fn of [...connectionListeners]) fn(state);
}

/** The mocked module: call and send go to `scripted.answer`, events come only from `emitEvent`. */
export async function scriptedAgentModule() {
  const { vi } = await import('vitest');
  const run = async (zone: string, op: string, opts: ScriptedCall['opts']) => {
    await scripted.guard?.('api.call', { zone, operationId: op, ...opts });
    const c = { op, opts: opts ?? {} };
    scripted.calls.push(c);
    return scripted.answer(c);
  };
  return {
    agent: {
      call: vi.fn(run),
      send: vi.fn(async (z: string, op: string, opts: ScriptedCall['opts']) => {
        const data = await run(z, op, opts);
        const sent = scripted.sent(scripted.calls.at(-1)!);
        return { status: 200, data, ...(sent ? { sent } : {}) };
      }),
      onEvent: (name: string, fn: (payload: unknown) => void) => {
        const l = { name, fn };
        listeners.add(l);
        return () => void listeners.delete(l);
      },
      onConnection: (fn: (state: string) => void) => {
        connectionListeners.add(fn);
        return () => void connectionListeners.delete(fn);
      },
      invoke: vi.fn(async (command: string, input: unknown) => {
        await scripted.guard?.(command, input);
        scripted.commands.push({ command, input });
        return scripted.command(command, input);
      }),
      setGuard: (g: Guard | null) => {
        scripted.guard = g;
      },
    },
  };
}
