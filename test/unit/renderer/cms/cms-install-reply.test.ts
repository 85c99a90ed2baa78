import { describe, expect, it } from 'vitest';
import {
  installLine,
  installWarning,
  isInstallRefusal,
  refusalWords,
} from '../../../../src-renderer/lib/cms-install-warning';
import { readCmsReply } from '../../../../src-renderer/lib/cms-reply';

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

describe('CMS command replies, read tolerantly', () => {
  it('reads the sandbox shape {exit_code, output}', () => {
    expect(readCmsReply({ exit_code: 0, output: 'Company Site\n' })).toEqual({
      exitCode: 0,
      output: 'Company Site\n',
      ok: true,
    });
    expect(readCmsReply({ exit_code: 1, output: 'Error: nope' })).toMatchObject({ exitCode: 1, ok: false });
  });

  it('reads {code|exitCode|status, stdout, stderr} and a wrapped result', () => {
    expect(readCmsReply({ exitCode: 2, stdout: 'a', stderr: 'b' })).toEqual({ exitCode: 2, output: 'a\nb', ok: false });
    expect(readCmsReply({ code: '0', stdout: 'fine', stderr: '' })).toEqual({ exitCode: 0, output: 'fine', ok: true });
    expect(readCmsReply({ result: { status: 0, output: ['x', 'y'] } })).toEqual({
      exitCode: 0,
      output: 'x\ny',
      ok: true,
    });
  });

  it('reads a bare string as passing output, and a success flag when no code is given', () => {
    expect(readCmsReply('Success: done')).toEqual({ exitCode: 0, output: 'Success: done', ok: true });
    expect(readCmsReply({ success: false, output: 'bad' })).toEqual({ exitCode: undefined, output: 'bad', ok: false });
    expect(readCmsReply(null)).toEqual({ exitCode: undefined, output: '', ok: true });
  });
});
