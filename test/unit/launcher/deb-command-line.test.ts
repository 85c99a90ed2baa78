/**
 * The deb puts the command line on PATH: its after-install writes /usr/bin/zonedeck, a script that
 * runs the packaged cli.js with the app's own Electron as Node, every argument passed as given;
 * its after-remove takes it away. Run here against a fake /opt/Zonedeck under a temporary root.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const root = mkdtempSync(path.join(os.tmpdir(), 'zd-deb-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fakeApp(): void {
  const app = path.join(root, 'opt/Zonedeck');
  mkdirSync(path.join(app, 'resources/app.asar/out/main'), { recursive: true });
  // Electron as Node when ELECTRON_RUN_AS_NODE=1, else "the window".
  writeFileSync(
    path.join(app, 'zonedeck'),
    `#!/bin/sh\nif [ "$ELECTRON_RUN_AS_NODE" = 1 ]; then exec "${process.execPath}" "$@"; fi\necho window\n`,
  );
  chmodSync(path.join(app, 'zonedeck'), 0o755);
  writeFileSync(
    path.join(app, 'resources/app.asar/out/main/cli.js'),
    'console.log(JSON.stringify({ cli: true, args: process.argv.slice(2) }));\n',
  );
}

describe('the deb’s zonedeck command', () => {
  it('is named by electron-builder.yml', () => {
    const config = parse(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      deb?: { afterInstall?: string; afterRemove?: string };
    };
    expect(config.deb?.afterInstall).toBe('resources/linux/after-install.sh');
    expect(config.deb?.afterRemove).toBe('resources/linux/after-remove.sh');
  });

  it('runs the packaged command line with the app’s Electron as Node, arguments intact', () => {
    fakeApp();
    const env = { ...process.env, ZONEDECK_ROOT: root };
    execFileSync('sh', [path.join(ROOT, 'resources/linux/after-install.sh')], { env });
    const bin = path.join(root, 'usr/bin/zonedeck');
    expect(statSync(bin).mode & 0o777).toBe(0o755);
    const out = execFileSync(bin, ['kubeconfig', 'eu-1/demo', '-o', 'a file with spaces.yaml'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    expect(JSON.parse(out)).toEqual({ cli: true, args: ['kubeconfig', 'eu-1/demo', '-o', 'a file with spaces.yaml'] });

    execFileSync('sh', [path.join(ROOT, 'resources/linux/after-remove.sh')], { env });
    expect(existsSync(bin)).toBe(false);
  });
});
