/**
 * For store unit tests: the renderer's agent module replaced by a scripted zone. A test mocks
 * `src-renderer/agent` with `scriptedAgentModule()`, sets `scripted.answer` to what the zone says,
 * and reads `scripted.calls` for what the store sent (operation, params, query, body, words,
 * encoding). The HTTP path itself is the agent's, tested against loopback zones elsewhere.
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

export const scripted = {
  calls: [] as ScriptedCall[],
  answer: (() => undefined) as (c: ScriptedCall) => unknown,
};

/** The mocked module: call and send go to `scripted.answer`, events never come. */
export async function scriptedAgentModule() {
  const { vi } = await import('vitest');
  const run = async (_z: string, op: string, opts: ScriptedCall['opts']) => {
    const c = { op, opts: opts ?? {} };
    scripted.calls.push(c);
    return scripted.answer(c);
  };
  return {
    agent: {
      call: vi.fn(run),
      send: vi.fn(async (z: string, op: string, opts: ScriptedCall['opts']) => ({
        status: 200,
        data: await run(z, op, opts),
      })),
      onEvent: () => () => undefined,
      onConnection: () => () => undefined,
      invoke: vi.fn(async () => []),
    },
  };
}
