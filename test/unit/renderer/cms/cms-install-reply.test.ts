import { describe, expect, it } from 'vitest';
import {
  installLine,
  installWarning,
  isInstallRefusal,
  refusalWords,
} from '../../../../src-renderer/features/workspaces/cms/cms-install-warning';
import { readCmsReply } from '../../../../src-renderer/features/workspaces/shapes/cms-result';

describe('install lines', () => {
  it('spots plugin and theme installs, with flags anywhere', () => {
    expect(installLine(['plugin', 'install', 'akismet'])).toEqual({ kind: 'plugin', at: [0, 1], targets: ['akismet'] });
    expect(installLine(['theme', 'install', 'astra', '--activate'])?.kind).toBe('theme');
    expect(installLine(['--allow-root', 'plugin', 'install', '--activate', 'a.zip', 'b'])).toEqual({
      kind: 'plugin',
      at: [1, 2],
      targets: ['a.zip', 'b'],
    });
    expect(installLine(['Plugin', 'INSTALL', 'x'])?.kind).toBe('plugin');
  });

  it('leaves other commands alone', () => {
    expect(installLine(['plugin', 'activate', 'akismet'])).toBeNull();
    expect(installLine(['plugin', 'list'])).toBeNull();
    expect(installLine(['post', 'create', '--post_title=plugin install'])).toBeNull();
    expect(installLine(['core', 'install'])).toBeNull();
    expect(installLine(['plugin'])).toBeNull();
    expect(installLine([])).toBeNull();
  });

  it('warns with the spec’s reason', () => {
    const w = installWarning(installLine(['plugin', 'install', 'akismet'])!);
    expect(w).toContain('plugin akismet');
    expect(w).toMatch(/re-cloned from the repository on every deploy/);
    expect(w).toMatch(/Commit the plugin or theme to the workspace’s repository/);
  });

  it('recognises the zone’s refusal by code or by its words', () => {
    expect(isInstallRefusal({ status: 422, code: 'install_not_allowed', message: 'x' })).toBe(true);
    expect(isInstallRefusal({ status: 422, code: 'unprocessable', message: 'Plugin install is not allowed' })).toBe(
      true,
    );
    expect(isInstallRefusal({ status: 422, code: 'unprocessable', message: 'bad value' })).toBe(false);
    expect(isInstallRefusal({ status: 400, code: 'bad_request', message: 'install plugin' })).toBe(false);
    expect(refusalWords()).toMatch(/re-cloned/);
  });
});

describe('CMS command replies: passed only when the zone said it succeeded', () => {
  it('reads the sandbox shape {exit_code, output}', () => {
    expect(readCmsReply({ exit_code: 0, output: 'Company Site\n' })).toEqual({
      exitCode: 0,
      output: 'Company Site\n',
      outcome: 'passed',
    });
    expect(readCmsReply({ exit_code: 1, output: 'Error: nope' })).toMatchObject({ exitCode: 1, outcome: 'failed' });
  });

  it.each([
    [{ exit_status: 1, output: 'x' }, 'failed'],
    [{ exitStatus: 0, stdout: 'x' }, 'passed'],
    [{ rc: '3' }, 'failed'],
    [{ return_code: 0 }, 'passed'],
    [{ status: 2 }, 'failed'],
    [{ status: 'FAILED', output: 'x' }, 'failed'],
    [{ status: 'Success', output: 'x' }, 'passed'],
    [{ state: 'error' }, 'failed'],
    [{ result: 'success', stdout: 'ok' }, 'passed'],
    [{ ok: false, output: 'x' }, 'failed'],
    [{ ok: true }, 'passed'],
    [{ success: false }, 'failed'],
    [{ exit_code: 0, ok: false }, 'failed'],
    [{ exit_code: 0, status: 'failed' }, 'failed'],
    [{ status: 'zorped', output: 'x' }, 'finished'],
    [{ output: 'no word on it' }, 'finished'],
    [{ data: { exit_status: 1, stdout: 'x' } }, 'failed'],
    [{ result: { status: 0, output: ['x', 'y'] } }, 'passed'],
  ] as const)('%j is %s', (reply, outcome) => {
    expect(readCmsReply(reply).outcome).toBe(outcome);
  });

  it('joins stdout and stderr, and arrays of lines', () => {
    expect(readCmsReply({ exitCode: 2, stdout: 'a', stderr: 'b' })).toEqual({
      exitCode: 2,
      output: 'a\nb',
      outcome: 'failed',
    });
    expect(readCmsReply({ result: { status: 0, output: ['x', 'y'] } }).output).toBe('x\ny');
    expect(readCmsReply({ result: 'success', stdout: 'ok' }).output).toBe('ok');
  });

  it('a bare string or nothing is finished, never passed', () => {
    expect(readCmsReply('Success: done')).toEqual({
      exitCode: undefined,
      output: 'Success: done',
      outcome: 'finished',
    });
    expect(readCmsReply(null)).toEqual({ exitCode: undefined, output: '', outcome: 'finished' });
  });

  it('reads names in any letter case (style:aws) and a reply in names of its own by value (random:2)', () => {
    expect(readCmsReply({ ExitCode: 0, Output: 'Company Site\n' })).toEqual({
      exitCode: 0,
      output: 'Company Site\n',
      outcome: 'passed',
    });
    expect(readCmsReply({ ExitCode: 1, Output: 'Error' }).outcome).toBe('failed');
    expect(readCmsReply({ pa2j: true, dip93: 'Company Site\n' })).toEqual({
      exitCode: undefined,
      output: 'Company Site\n',
      outcome: 'passed',
    });
    expect(readCmsReply({ pa2j: false, dip93: 'Error: no such command' }).outcome).toBe('failed');
    // Two booleans: nothing tells which says how it went.
    expect(readCmsReply({ a1: true, b2: false, c3: 'x' }).outcome).toBe('finished');
  });

  it('names the fields of a reply it cannot read (never their values)', () => {
    expect(readCmsReply({ frob: 1, glim: 'secret' })).toMatchObject({ outcome: 'finished', unread: ['frob', 'glim'] });
  });
});
