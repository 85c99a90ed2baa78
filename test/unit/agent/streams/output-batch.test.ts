import { describe, expect, it } from 'vitest';
import { setImmediate as turn } from 'node:timers/promises';
import { MAX_BATCH, OutputBatch } from '../../../../src-main/agent/streams/output-batch';
import { dataFrameHeader, decodeDataFrame, encodeDataFrame } from '../../../../src-main/contract/stream-frames';

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

function recorder() {
  const sent: Uint8Array[] = [];
  return { sent, batch: new OutputBatch((d) => sent.push(d)) };
}

describe('OutputBatch', () => {
  it('sends what arrived in one turn as one message, in order, at the end of the turn', async () => {
    const { sent, batch } = recorder();
    batch.push(bytes(3, 1));
    batch.push(bytes(2, 2));
    expect(sent).toEqual([]);
    await turn();
    expect(sent.map((d) => [...d])).toEqual([[1, 1, 1, 2, 2]]);
  });

  it('passes a chunk that arrived alone on as it is, without a copy', async () => {
    const { sent, batch } = recorder();
    const one = bytes(10);
    batch.push(one);
    await turn();
    expect(sent[0]).toBe(one);
  });

  it('sends at once when MAX_BATCH is reached, so no message grows past it by more than a chunk', async () => {
    const { sent, batch } = recorder();
    const chunk = 64 * 1024;
    const per = MAX_BATCH / chunk;
    for (let i = 0; i < 2 * per + 2; i++) batch.push(bytes(chunk, i));
    expect(sent.map((d) => d.byteLength)).toEqual([MAX_BATCH, MAX_BATCH]);
    await turn();
    expect(sent.map((d) => d.byteLength)).toEqual([MAX_BATCH, MAX_BATCH, 2 * chunk]);
    expect(sent.flatMap((d) => [d[0], d.at(-1)])).toEqual([0, per - 1, per, 2 * per - 1, 2 * per, 2 * per + 1]);
  });

  it('flushes on request (before an event or the end) and drops what it holds when cleared', async () => {
    const { sent, batch } = recorder();
    batch.push(bytes(4));
    batch.flush();
    expect(sent.map((d) => d.byteLength)).toEqual([4]);
    batch.push(bytes(5));
    batch.clear();
    await turn();
    expect(sent.map((d) => d.byteLength)).toEqual([4]);
  });

  it('joins output straight into its frame: the socket gets that frame, not a second copy', async () => {
    const sid = '0b6f3a52-6f0e-4a43-9d38-0d2b7f1c9e11';
    const sent: Uint8Array[] = [];
    const batch = new OutputBatch((d) => sent.push(d), dataFrameHeader(sid));
    batch.push(bytes(3, 7));
    batch.push(bytes(2, 8));
    await turn();
    expect([...sent[0]!]).toEqual([7, 7, 7, 8, 8]);
    const frame = encodeDataFrame(sid, sent[0]!);
    expect(frame.buffer).toBe(sent[0]!.buffer);
    const got = decodeDataFrame(frame)!;
    expect(got.sid).toBe(sid);
    expect([...got.data]).toEqual([7, 7, 7, 8, 8]);
  });
});
