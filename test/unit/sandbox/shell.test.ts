/** The sandbox console's emulated shell: options are accepted, paths resolved, unknown paths refused. */
import { describe, expect, it } from 'vitest';
import { run, type ShellEnv } from '../../../src-main/sandbox/compute/console/commands';

const env: ShellEnv = {
  name: 'web-1',
  kind: 'container',
  now: () => 0,
  vars: () => ({}),
  size: () => ({ cols: 80, rows: 24 }),
};

describe('sandbox shell ls', () => {
  it('ignores options and lists the path after them', () => {
    expect(run('ls -la /', env, { cwd: '/root' })).toEqual({
      print: ['app  bin  dev  etc  home  proc  root  tmp  usr  var'],
    });
    expect(run('ls -l', env, { cwd: '/root' })).toEqual({ print: ['notes.txt'] });
  });

  it('refuses a path that does not exist, naming it', () => {
    expect(run('ls -a /nope', env, { cwd: '/' })).toEqual({
      error: "ls: cannot access '/nope': No such file or directory",
    });
  });
});
