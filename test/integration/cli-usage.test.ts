/**
 * `zonedeck` before any zone is asked: help that names every command and the exit codes, usage
 * errors in one line with exit 2, completion scripts the shells accept, and no colour when
 * NO_COLOR is set. Runs the real process; needs neither a sandbox nor a keychain.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli-world';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-cli-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function zonedeck(args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-main/cli/main.ts',
      '--standalone',
      '--data-dir',
      path.join(dir, 'data'),
      '--keychain-service',
      'Zonedeck-test-usage',
      ...args,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOME: dir, ...env }, timeout: 30_000 },
  );
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('zonedeck usage', { timeout: 120_000 }, () => {
  it('--help names every command and the exit codes', () => {
    const help = zonedeck(['--help']);
    expect(help.code).toBe(0);
    for (const c of [
      'zones',
      'login',
      'logout',
      'kubeconfig',
      'vpn',
      'grab',
      'api',
      'run',
      'logs',
      'console',
      'open',
      'completion',
    ])
      expect(help.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).not.toContain('keychain-service');
  });

  it('a reader that closed early (| true) ends it quietly, with exit 0 and no stack', () => {
    const run = spawnSync(
      'bash',
      ['-c', 'node --import tsx src-main/cli/main.ts --standalone --help | true; echo "exit=${PIPESTATUS[0]}"'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOME: dir }, timeout: 30_000 },
    );
    expect(run.stdout.trim()).toBe('exit=0');
    expect(run.stderr).not.toMatch(/EPIPE|Error/);
  });

  it('a usage error is one line and exit 2, with a suggestion for a mistyped command', () => {
    const missing = zonedeck(['kubeconfig']);
    expect(missing).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "zonedeck: missing required argument 'zone/cluster'\n",
    });
    const typo = zonedeck(['grabb', 'demo']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/unknown command 'grabb'\n\(Did you mean grab\?\)/);
    const form = zonedeck(['kubeconfig', 'demo']);
    expect(form).toMatchObject({ code: 2, stderr: 'zonedeck: Name the cluster as <zone>/<cluster>, not “demo”.\n' });
  });

  it('no zones yet: an unknown zone says there are none, without colour under NO_COLOR', () => {
    const run = zonedeck(['api', 'eu-1', 'containers.list'], { NO_COLOR: '1', FORCE_COLOR: '1' });
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('zonedeck: There is no zone “eu-1”. There are none.\n');
    const colored = zonedeck(['api', 'eu-1', 'containers.list'], { FORCE_COLOR: '1' });
    expect(colored.stderr).toContain('\u001b[31m');
  });

  it('completion scripts parse in their shells', () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const script = zonedeck(['completion', shell]);
      expect(script.code).toBe(0);
      expect(script.stdout).toMatch(/zonedeck/);
      const check = spawnSync(shell, ['-n'], { input: script.stdout, encoding: 'utf8' });
      // Only bash is certain on every machine; zsh and fish are checked where installed.
      if (check.error && shell !== 'bash') continue;
      expect(check.status, `${shell} -n: ${check.stderr}`).toBe(0);
    }
    expect(zonedeck(['completion', 'tcsh']).code).toBe(2);
  });
});
