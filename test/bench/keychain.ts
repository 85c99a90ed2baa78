/**
 * The figures that need a keychain (the CLI's kubeconfig, the signature moment: a remembered
 * session lives in the OS keychain, never in memory) are always measured (issue #39 item 1): with
 * the keychain this process reaches, else in a child run under `.ci/with-keyring.sh` — a private
 * D-Bus session with a throwaway, unlocked gnome-keyring in temp dirs, the same one CI uses. If
 * neither can be had, the bench fails here, before any other figure, and says why: a missing
 * headline figure must not pass as a run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { keychainAvailable } from '../support/cli-world';

export type KeychainPlan = { where: 'here' } | { where: 'private'; why: string };

/** Set in the child, so a keyring that still does not answer there ends the run instead of looping. */
const INSIDE = 'ZONEDECK_BENCH_PRIVATE_KEYRING';

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Where the keychain figures will run; throws, saying what is missing, when nowhere. */
export async function keychainPlan(): Promise<KeychainPlan> {
  const here = await keychainAvailable();
  if (here.ok) return { where: 'here' };
  const why = `no keychain here (${here.reason ?? '?'})`;
  if (process.env[INSIDE])
    throw new Error(`the private keyring started by .ci/with-keyring.sh does not answer: ${why}`);
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !hasCommand(c));
  if (missing.length)
    throw new Error(
      `${why}, and no private one can be started: ${missing.join(' and ')} not installed (apt-get install dbus gnome-keyring; see docs/benchmarks.md)`,
    );
  return { where: 'private', why };
}

/**
 * Runs keychain-figures.ts under .ci/with-keyring.sh: its comments pass through, its figures come
 * back from its last line. Any failure of the child throws.
 */
export async function keychainFiguresInPrivateKeyring(): Promise<Record<string, number | string>> {
  const child = spawn(
    'bash',
    ['.ci/with-keyring.sh', process.execPath, '--import', 'tsx', 'test/bench/keychain-figures.ts'],
    {
      env: { ...process.env, [INSIDE]: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  const lines = stdout.trimEnd().split('\n');
  const last = lines.pop() ?? '';
  if (lines.length) console.log(lines.join('\n'));
  if (code !== 0) throw new Error(`the keychain figures failed under .ci/with-keyring.sh (exit ${code})`);
  return JSON.parse(last) as Record<string, number | string>;
}

/** For a keychain figure: throws when the keychain does not answer (never a figure saying "not run"). */
export async function requireKeychain(what: string): Promise<void> {
  const k = await keychainAvailable();
  if (!k.ok) throw new Error(`${what} needs a keychain: ${k.reason ?? '?'} (npm run bench starts a private one)`);
}
