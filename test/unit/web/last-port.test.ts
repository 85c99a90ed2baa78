/** The browser host's remembered port: read back as saved, and nothing worth trying when absent or odd. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastPort, portTaken, rememberPort } from '../../../src-main/web/last-port';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'zd-last-port-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('last port', () => {
  it('reads back the port saved, also into a data folder not made yet', () => {
    const dir = path.join(tempDir(), 'not-yet');
    expect(lastPort(dir)).toBeUndefined();
    rememberPort(dir, 47311);
    expect(lastPort(dir)).toBe(47311);
  });

  it.each(['{"port":80}', '{"port":70000}', '{"port":"47311"}', '{"port":1.5}', 'not json', '{}'])(
    'gives nothing to try for %s',
    (text) => {
      const dir = tempDir();
      writeFileSync(path.join(dir, 'browser-host.json'), text);
      expect(lastPort(dir)).toBeUndefined();
    },
  );

  it('tells a taken port from other listen failures', () => {
    expect(portTaken(Object.assign(new Error('x'), { code: 'EADDRINUSE' }))).toBe(true);
    expect(portTaken(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }))).toBe(false);
    expect(portTaken(undefined)).toBe(false);
  });
});
