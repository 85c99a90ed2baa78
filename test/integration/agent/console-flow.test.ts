/**
 * Console flow control through the agent: a flood from the sandbox reaches a renderer that
 * acknowledges slowly, finishes, and never has more than the high-water mark (plus one socket
 * read) unacknowledged, even when the renderer's socket reports buffered bytes at ack time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamOut } from '../../../src-main/agent/agent-types';
import { STREAM_HIGH_WATER, STREAM_LOW_WATER } from '../../../src-main/contract/protocol';
import { idOf, listOf, nameOf } from '../../../src-main/contract/tolerant';
import { harness, RecordingConnection, until } from './harness';

type Harness = Awaited<ReturnType<typeof harness>>;

/** A renderer that acks each data message after `delayMs`, reporting `buffered` bytes meanwhile. */
class SlowRenderer extends RecordingConnection {
  unacked = 0;
  peak = 0;
  buffered = 0;
  ack?: (sid: string, bytes: number) => void;
  constructor(private readonly delayMs: number) {
    super();
  }
  override sendStream(msg: StreamOut): void {
    super.sendStream(msg);
    if (msg.kind !== 'data') return;
    this.unacked += msg.data.length;
    this.peak = Math.max(this.peak, this.unacked);
    setTimeout(() => {
      this.unacked -= msg.data.length;
      this.ack?.(msg.sid, msg.data.length);
    }, this.delayMs);
  }
  override bufferedAmount(): number {
    return this.buffered;
  }
}

describe('console flow control', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  async function openConsole(r: SlowRenderer) {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const list = await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    const id = idOf(listOf(list.data).find((c) => nameOf(c) === 'web-1')!)!;
    const reply = await h.agent.invoke(
      'stream.open',
      { zone: zone.id, operationId: 'containers.console', params: { id } },
      r,
    );
    if (!reply.ok) throw new Error(reply.error.message);
    const sid = (reply.result as { sid: string }).sid;
    // Acks still in flight when a test ends go to that test's agent (closed by then, so ignored).
    const { agent } = h;
    r.ack = (s, bytes) => agent.streamInput({ t: 'stream', sid: s, kind: 'ack', bytes }, r);
    await until(() => r.text(sid).includes('root@web-1'), 10_000);
    return sid;
  }

  it('finishes a 12 MB flood to a slow renderer with bounded unacknowledged data', async () => {
    const r = new SlowRenderer(5);
    const sid = await openConsole(r);
    h!.agent.streamInput({ t: 'stream', sid, kind: 'data', data: 'flood 12000000\r' }, r);
    await until(() => r.text(sid).includes('[flood] 12000000 bytes'), 60_000);
    // The window was used, not idle: at least half of it in flight at once (CI once saw exactly half).
    expect(r.peak).toBeGreaterThanOrEqual(STREAM_HIGH_WATER / 2);
    // One socket read (64 KiB) may land after the pause; nothing more.
    expect(r.peak).toBeLessThanOrEqual(STREAM_HIGH_WATER + 2 * 65_536);
  });

  it('resumes when the renderer socket still reports buffered bytes at the last ack', async () => {
    const r = new SlowRenderer(2);
    const sid = await openConsole(r);
    r.buffered = STREAM_LOW_WATER + 200_000; // above the low-water mark on its own: the hub must look again once it drains
    setTimeout(() => {
      r.buffered = 0;
    }, 300);
    h!.agent.streamInput({ t: 'stream', sid, kind: 'data', data: 'flood 2000000\r' }, r);
    await until(() => r.text(sid).includes('[flood] 2000000 bytes'), 30_000);
  });
});
