import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../../src-main/agent/log';
import { RotatingFile } from '../../../../src-main/agent/log/rotating-file';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'zd-log-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const unix = process.platform !== 'win32';

describe('the log file', () => {
  it('lives in <dataDir>/logs/zonedeck.log, owner-only, one JSON object per line', () => {
    const dataDir = tmp();
    const logs = createFileLogger({ dataDir, level: 'info' });
    logs.log.info('hello', { zone: 'eu-1' });
    logs.log.debug('not at info');
    logs.close();
    expect(logs.file).toBe(path.join(dataDir, 'logs', 'zonedeck.log'));
    const lines = readFileSync(logs.file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', component: 'agent', msg: 'hello', zone: 'eu-1' });
    expect(Date.parse(String(lines[0]!.time))).not.toBeNaN();
    if (unix) {
      expect(statSync(logs.file).mode & 0o777).toBe(0o600);
      expect(statSync(logs.dir).mode & 0o777).toBe(0o700);
    }
  });

  it('tightens an existing file made under a loose umask', () => {
    if (!unix) return;
    const dataDir = tmp();
    const file = path.join(dataDir, 'logs', 'zonedeck.log');
    const logs = createFileLogger({ dataDir });
    logs.log.info('first');
    logs.flush();
    chmodSync(file, 0o644);
    logs.close();
    const again = createFileLogger({ dataDir });
    again.log.info('second');
    again.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('writes later, not in the caller: nothing is on disk until the batch is flushed', () => {
    const dir = tmp();
    const f = new RotatingFile({ file: path.join(dir, 'a.log'), flushMs: 60_000 });
    f.write('one');
    expect(existsSync(path.join(dir, 'a.log'))).toBe(false);
    f.flush();
    expect(readFileSync(path.join(dir, 'a.log'), 'utf8')).toBe('one\n');
    f.close();
  });

  it('rotates by size and keeps only the given number of files', () => {
    const dir = tmp();
    const file = path.join(dir, 'z.log');
    const f = new RotatingFile({ file, maxBytes: 1000, keep: 3 });
    for (let i = 0; i < 50; i++) {
      f.write(`${String(i).padStart(3, '0')} ${'x'.repeat(95)}`); // 100 bytes with the newline
      f.flush();
    }
    f.close();
    expect(readdirSync(dir).sort()).toEqual(['z.log', 'z.log.1', 'z.log.2']);
    for (const name of readdirSync(dir)) expect(statSync(path.join(dir, name)).size).toBeLessThanOrEqual(1000);
    // Newest in the live file, the one before in .1: nothing in between lost.
    const live = readFileSync(file, 'utf8').trim().split('\n');
    const prev = readFileSync(`${file}.1`, 'utf8').trim().split('\n');
    expect(live.at(-1)).toMatch(/^049 /);
    expect(Number(prev.at(-1)!.slice(0, 3)) + 1).toBe(Number(live[0]!.slice(0, 3)));
  });

  it('survives its folder being deleted: the next flush recreates it', () => {
    const dataDir = tmp();
    const logs = createFileLogger({ dataDir });
    logs.log.info('before');
    logs.flush();
    rmSync(logs.dir, { recursive: true, force: true });
    logs.log.info('after');
    logs.flush();
    logs.close();
    expect(readFileSync(logs.file, 'utf8')).toContain('"msg":"after"');
  });

  it('never throws when the disk refuses, and says later how many lines were lost', () => {
    if (!unix) return;
    const dataDir = tmp();
    // A file where the logs folder should be: every write fails.
    writeFileSync(path.join(dataDir, 'logs'), 'in the way');
    const logs = createFileLogger({ dataDir });
    expect(() => {
      logs.log.error('lost 1');
      logs.flush();
    }).not.toThrow();
    rmSync(path.join(dataDir, 'logs'));
    logs.log.error('kept');
    logs.close(); // close retries at once
    const text = readFileSync(logs.file, 'utf8');
    expect(text).toContain('"msg":"lost 1"'); // held in memory, written once the disk took it
    expect(text).toContain('"msg":"kept"');
  });
});
