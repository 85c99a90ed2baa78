import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveDownload } from '../../../../src-main/agent/files/save-download';

const isPosix = process.platform !== 'win32';

async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield Buffer.from(p);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zd-dl-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('saveDownload', () => {
  it('streams the body to a private file and reports progress', async () => {
    const progress: number[] = [];
    const res = await saveDownload({
      dir,
      fileName: 'zone.ovpn',
      body: chunks('client\n', 'remote x\n'),
      onProgress: (b) => progress.push(b),
    });
    expect(res).toEqual({ path: join(dir, 'zone.ovpn'), bytes: 16 });
    expect(progress).toEqual([7, 16]);
    expect(readFileSync(res.path, 'utf8')).toBe('client\nremote x\n');
    if (isPosix) expect(statSync(res.path).mode & 0o777).toBe(0o600);
  });

  it('never overwrites: adds " (2)", " (3)"', async () => {
    writeFileSync(join(dir, 'zone.ovpn'), 'other zone');
    const second = await saveDownload({ dir, fileName: 'zone.ovpn', body: chunks('b') });
    const third = await saveDownload({ dir, fileName: 'zone.ovpn', body: chunks('c') });
    expect(second.path).toBe(join(dir, 'zone (2).ovpn'));
    expect(third.path).toBe(join(dir, 'zone (3).ovpn'));
    expect(readFileSync(join(dir, 'zone.ovpn'), 'utf8')).toBe('other zone');
    expect(readdirSync(dir).sort()).toEqual(['zone (2).ovpn', 'zone (3).ovpn', 'zone.ovpn']);
  });

  it('keeps a hostile file name inside the folder', async () => {
    const res = await saveDownload({ dir, fileName: '../../.ssh/authorized_keys', body: chunks('x') });
    expect(res.path).toBe(join(dir, 'authorized_keys'));
    const hidden = await saveDownload({ dir, fileName: '..hidden', body: chunks('x') });
    expect(hidden.path).toBe(join(dir, 'hidden'));
  });

  it('creates the folder 0700 when missing', async () => {
    const sub = join(dir, 'new', 'logs');
    const res = await saveDownload({ dir: sub, fileName: 'logs.tar.gz', body: chunks('gz') });
    expect(res.path).toBe(join(sub, 'logs.tar.gz'));
    if (isPosix) expect(statSync(sub).mode & 0o777).toBe(0o700);
  });

  it('leaves nothing behind when the body fails', async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('part');
      throw new Error('stream ended early');
    }
    await expect(saveDownload({ dir, fileName: 'a.zip', body: broken() })).rejects.toMatchObject({
      code: 'file_write_failed',
      message: expect.stringContaining('stream ended early'),
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('saves concurrent downloads of one name under distinct names', async () => {
    const all = await Promise.all(
      [1, 2, 3, 4].map((i) => saveDownload({ dir, fileName: 'p.ovpn', body: chunks(String(i)) })),
    );
    expect(new Set(all.map((r) => r.path)).size).toBe(4);
    expect(readdirSync(dir)).toHaveLength(4);
  });
});
