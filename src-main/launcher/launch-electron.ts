/**
 * Tries to run the app in Electron. Resolves with Electron's exit code once it ran, or with
 * { failed: reason } when it could not start (binary missing, spawn error, quick non-zero exit).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A start that lasts this long without exiting counts as a successful launch. */
const STARTUP_MS = 5000;

/** The installed Electron package's folder: node_modules looked up from `root` as Node would. */
function electronPackageDir(root: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules/electron');
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The binary's path from the package's path.txt, never by loading the package: in Electron 45
 * a missing binary makes loading it download the binary, printing to the terminal and waiting
 * on the network. Here a missing binary is simply a reason to fall back to browser mode (and
 * for `npm run dist` to stop).
 */
export function electronBinary(root: string): string {
  const pkgDir = electronPackageDir(root);
  if (!pkgDir) throw new Error('the electron package is not installed');
  const pathFile = join(pkgDir, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const bin = override ? join(override, rel || 'electron') : rel ? join(pkgDir, 'dist', rel) : '';
  if (!bin || !existsSync(bin)) throw new Error('the Electron binary is not installed');
  return bin;
}

/**
 * A short reason from what Electron printed: the first Chromium ERROR line without its
 * "[pid:time:ERROR:file.cc(12)]" prefix (e.g. "Missing X server or $DISPLAY"), else the last line.
 */
function reasonFrom(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^\[[^\]]*ERROR[^\]]*\]/.test(l));
  const line = error ? error.replace(/^\[[^\]]*\]\s*/, '') : (lines.at(-1) ?? '');
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

export function launchElectron(root: string, args: string[]): Promise<number | { failed: string }> {
  let bin: string;
  try {
    bin = electronBinary(root);
  } catch (err) {
    return Promise.resolve({ failed: err instanceof Error ? err.message : String(err) });
  }
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  return new Promise((resolve) => {
    const child = spawn(bin, ['.', ...args], { cwd: root, env, stdio: ['inherit', 'inherit', 'pipe'] });
    let started = false;
    let stderr = '';
    const timer = setTimeout(() => {
      // Running: from now on its errors go to the terminal as they come.
      started = true;
      process.stderr.write(stderr);
    }, STARTUP_MS);
    child.stderr.on('data', (chunk: Buffer) => {
      if (started) process.stderr.write(chunk);
      else if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    const forward = (sig: NodeJS.Signals) => child.kill(sig);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ failed: err.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGTERM', forward);
      if (!started && code !== 0) {
        resolve({ failed: reasonFrom(stderr) || (signal ? `stopped by ${signal}` : `exit code ${code}`) });
      } else {
        if (!started) process.stderr.write(stderr);
        resolve(code ?? 1);
      }
    });
  });
}
