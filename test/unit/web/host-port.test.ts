import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberedPort, rememberPort } from '../../../src-main/web/host-port';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'zd-port-')));
const kept = (text: string) => {
  writeFileSync(path.join(dir, 'browser-host-port'), text);
  return rememberedPort(dir);
};

describe('the browser host port kept per data folder', () => {
  it('has none on a first launch, then keeps the one it is given, 0600', async () => {
    fresh();
    expect(rememberedPort(dir)).toBeUndefined();
    await rememberPort(dir, 48123);
    expect(rememberedPort(dir)).toBe(48123);
    expect(statSync(path.join(dir, 'browser-host-port')).mode & 0o777).toBe(0o600);
    await rememberPort(dir, 51000);
    expect(rememberedPort(dir)).toBe(51000);
  });

  it('takes no port from a file that is not one of ours', () => {
    fresh();
    expect(kept('48123\n')).toBe(48123);
    for (const text of [
      '',
      'abc',
      '80',
      '0',
      '65536',
      '99999',
      '4812 3',
      '-48123',
      '48123.5',
      '0x1F40',
      `${'9'.repeat(40)}`,
    ])
      expect(kept(text), JSON.stringify(text)).toBeUndefined();
  });

  it('reads a bounded piece of whatever is there: a huge file, a folder, a device', () => {
    fresh();
    expect(kept(`48123${' '.repeat(10_000_000)}`)).toBeUndefined();
    rmSync(path.join(dir, 'browser-host-port'));
    mkdirSync(path.join(dir, 'browser-host-port'));
    expect(rememberedPort(dir)).toBeUndefined();
    rmSync(path.join(dir, 'browser-host-port'), { recursive: true });
    symlinkSync('/dev/zero', path.join(dir, 'browser-host-port'));
    expect(rememberedPort(dir)).toBeUndefined();
  });
});
