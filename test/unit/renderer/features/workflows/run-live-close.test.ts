/**
 * A zone may keep a run's stream open after the run is over. The run view must close it once the
 * record says the run finished (and only then: an unknown word or a run in flight keeps it open),
 * once its events have stopped coming (QUIET_CLOSE_MS): a burst still on its way is not cut off.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, shallowRef } from 'vue';
import type { Raw } from '../../../../../src-renderer/lib/tolerant';

const streams: {
  close: ReturnType<typeof vi.fn>;
  onEnd: (err?: unknown) => void;
  onEvent: (e: unknown) => void;
}[] = [];

vi.mock('../../../../../src-renderer/agent', () => ({
  agent: {
    openStream: vi.fn(
      async (_input: unknown, handlers: { onEnd: (err?: unknown) => void; onEvent: (e: unknown) => void }) => {
        const s = { close: vi.fn(() => handlers.onEnd()), onEnd: handlers.onEnd, onEvent: handlers.onEvent };
        streams.push(s);
        return { close: s.close };
      },
    ),
  },
}));
vi.mock('../../../../../src-renderer/features/workflows/production/workflow-runs', () => ({
  rereadRun: vi.fn(async () => undefined),
  runSettled: vi.fn(),
}));

const { useRunLive } = await import('../../../../../src-renderer/features/workflows/production/run-live');

async function follow(status: string, beforeRecord?: () => void) {
  const record = shallowRef<Raw | undefined>({ id: 'r1', status: 'running' });
  const scope = effectScope();
  const live = scope.run(() =>
    useRunLive(
      () => ({ zone: 'z', id: 'r1' }),
      () => record.value,
    ),
  )!;
  await vi.waitFor(() => expect(streams).toHaveLength(1));
  beforeRecord?.();
  record.value = { id: 'r1', status };
  await nextTick();
  return { live, scope, stream: streams[0]! };
}

afterEach(() => {
  streams.length = 0;
});

describe('run view stream', () => {
  it('is closed when the record says the run succeeded, and the view settles', async () => {
    const { live, scope, stream } = await follow('succeeded');
    expect(stream.close).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(live.connection).toBe('ended'));
    scope.stop();
  });

  it('is closed when the record says the run failed', async () => {
    const { scope, stream } = await follow('failed');
    expect(stream.close).toHaveBeenCalledTimes(1);
    scope.stop();
  });

  it('is closed only once its events have stopped coming: a burst still on its way is not cut off', async () => {
    let ticker: ReturnType<typeof setInterval> | undefined;
    let seq = 0;
    const event = () => streams[0]!.onEvent({ type: 'step_progress', id: String(++seq), data: { node_id: 'a' } });
    const { live, scope, stream } = await follow('succeeded', () => {
      event();
      ticker = setInterval(event, 50);
    });
    await new Promise((r) => setTimeout(r, 600));
    expect(stream.close).not.toHaveBeenCalled();
    clearInterval(ticker);
    await vi.waitFor(() => expect(stream.close).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await vi.waitFor(() => expect(live.received).toBe(seq));
    scope.stop();
  });

  it('stays open while the run is in flight or its word is unknown', async () => {
    for (const word of ['waiting_approval', 'frobnicating']) {
      const { scope, stream } = await follow(word);
      expect(stream.close, word).not.toHaveBeenCalled();
      scope.stop();
      streams.length = 0;
    }
  });
});
