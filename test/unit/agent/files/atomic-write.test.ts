import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentError } from '../../../../src-main/contract/errors';
import { writeFileAtomic } from '../../../../src-main/agent/files/atomic-write';
import { renameNoReplace } from '../../../../src-main/agent/files/fs-steps';

const isPosix = process.platform !== 'win32';
const modeOf = (p: string) => statSync(p).mode & 0o777;

/** Yields `chunks` chunks, then throws: a download cut off half way. */
async function* brokenBody(chunks: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, 0x61);
  throw new Error('connection reset');
}

let dir: string;
let oldUmask: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-atomic-'));
  oldUmask = process.umask();
});
afterEach(() => {
  process.umask(oldUmask);
  rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a string and returns the path and byte count', async () => {
    const target = join(dir, 'a.txt');
    const res = await writeFileAtomic(target, 'héllo');
    expect(res).toEqual({ path: target, bytes: Buffer.byteLength('héllo') });
    expect(readFileSync(target, 'utf8')).toBe('héllo');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it.runIf(isPosix)('is 0600 even with umask 0, and replaces a world-readable file with a private one', async () => {
    process.umask(0);
    const target = join(dir, 'k.yaml');
    writeFileSync(target, 'old', { mode: 0o666 });
    await writeFileAtomic(target, new Uint8Array([1, 2, 3]));
    expect(modeOf(target)).toBe(0o600);
  });

  it.runIf(isPosix)('drops "other" bits from a requested mode', async () => {
    process.umask(0);
    const target = join(dir, 'm');
    await writeFileAtomic(target, 'x', { mode: 0o666 });
    expect(modeOf(target)).toBe(0o660);
    await writeFileAtomic(target, 'x', { mode: 0o400 });
    expect(modeOf(target)).toBe(0o400);
  });

  it.runIf(isPosix)('creates missing folders as 0700 whatever the umask', async () => {
    process.umask(0);
    const target = join(dir, 'a', 'b', 'f');
    await writeFileAtomic(target, 'x');
    expect(modeOf(join(dir, 'a'))).toBe(0o700);
    expect(modeOf(join(dir, 'a', 'b'))).toBe(0o700);
    // A folder that already existed is the user's, left as it was.
    expect(modeOf(dir)).toBe(0o700);
  });

  it('streams an async iterable and reports running progress', async () => {
    const target = join(dir, 's.bin');
    const seen: number[] = [];
    async function* body() {
      yield Buffer.from('ab');
      yield Buffer.from('cde');
    }
    const res = await writeFileAtomic(target, body(), { onProgress: (b) => seen.push(b) });
    expect(res.bytes).toBe(5);
    expect(seen).toEqual([2, 5]);
    expect(readFileSync(target, 'utf8')).toBe('abcde');
  });

  it('keeps the old file and leaves no temp file when the body fails half way', async () => {
    const target = join(dir, 'config');
    writeFileSync(target, 'precious');
    const err = await writeFileAtomic(target, brokenBody(10)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).code).toBe('file_write_failed');
    expect((err as AgentError).message).toContain('connection reset');
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(readdirSync(dir)).toEqual(['config']);
  });

  it('keeps the old file when the swap itself fails (crash between temp write and rename)', async () => {
    const target = join(dir, 'config');
    writeFileSync(target, 'precious');
    const rename = async () => {
      throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    };
    await expect(writeFileAtomic(target, 'new content', { rename })).rejects.toMatchObject({
      code: 'file_write_failed',
    });
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(readdirSync(dir)).toEqual(['config']);
  });

  it('passes an AgentError from the body through unchanged (a cancelled download)', async () => {
    async function* cancelled(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('x');
      throw new AgentError({ status: 0, code: 'cancelled', message: 'The download was cancelled.' });
    }
    await expect(writeFileAtomic(join(dir, 'c'), cancelled())).rejects.toMatchObject({ code: 'cancelled' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the path and the cause in a readable message', async () => {
    writeFileSync(join(dir, 'file'), 'x');
    const err = (await writeFileAtomic(join(dir, 'file', 'under'), 'x').catch((e: unknown) => e)) as AgentError;
    expect(err).toBeInstanceOf(AgentError);
    expect(err.message).toMatch(/^Could not write .*under: /);
    expect(err.status).toBe(0);
  });

  it('streams 50 MB with roughly constant memory', async () => {
    const target = join(dir, 'big.bin');
    const chunk = Buffer.alloc(1024 * 1024, 0x7a);
    // The producer reuses one buffer, as a well-behaved stream may: any growth is the writer's.
    async function* body() {
      for (let i = 0; i < 50; i++) yield chunk;
    }
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    let peak = before;
    const res = await writeFileAtomic(target, body(), { onProgress: () => (peak = Math.max(peak, used())) });
    expect(res.bytes).toBe(50 * 1024 * 1024);
    expect(statSync(target).size).toBe(50 * 1024 * 1024);
    // Loose bound: holding the data would add 50 MB; streaming adds next to nothing.
    expect(peak - before).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('renameNoReplace', () => {
  it('never replaces a file that appeared after the check, and leaves no temp file', async () => {
    const target = join(dir, 'k.yaml');
    writeFileSync(target, 'theirs');
    await expect(writeFileAtomic(target, 'ours', { rename: renameNoReplace })).rejects.toMatchObject({
      code: 'file_exists',
      details: { path: target },
    });
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['k.yaml']);
    await writeFileAtomic(join(dir, 'new.yaml'), 'ours', { rename: renameNoReplace });
    expect(readFileSync(join(dir, 'new.yaml'), 'utf8')).toBe('ours');
    expect(readdirSync(dir).sort()).toEqual(['k.yaml', 'new.yaml']);
  });
});
