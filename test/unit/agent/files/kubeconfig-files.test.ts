import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  kubeconfigTargets,
  mergedFileMode,
  saveClusterKubeconfig,
} from '../../../../src-main/agent/files/kubeconfig-files';
import { DOWNLOADED as SOURCE } from '../../../support/kubeconfigs';
import { clusterEntryName } from '../../../../src-main/agent/files/names';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'zd-home-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('kubeconfigTargets', () => {
  it('falls back to ~/.kube/config', () => {
    const fallback = join(home, '.kube', 'config');
    expect(kubeconfigTargets({}, home)).toEqual({ target: fallback, files: [fallback], fromEnv: false });
    expect(kubeconfigTargets({ KUBECONFIG: '' }, home).target).toBe(fallback);
    expect(kubeconfigTargets({ KUBECONFIG: delimiter + delimiter }, home).target).toBe(fallback);
  });

  it('takes the first non-empty file of KUBECONFIG', () => {
    const a = join(home, 'a');
    const b = join(home, 'b');
    const res = kubeconfigTargets({ KUBECONFIG: `${delimiter}${a}${delimiter}${delimiter}${b}` }, home);
    expect(res).toEqual({ target: a, files: [a, b], fromEnv: true });
    expect(kubeconfigTargets({ KUBECONFIG: 'rel/cfg' }, home).target).toBe(resolve('rel/cfg'));
  });
});

describe('mergedFileMode', () => {
  it('keeps a stricter original mode, never a wider one', () => {
    expect(mergedFileMode(undefined)).toBe(0o600);
    expect(mergedFileMode(0o100644)).toBe(0o600);
    expect(mergedFileMode(0o100400)).toBe(0o400);
    expect(mergedFileMode(0o100600)).toBe(0o600);
    expect(mergedFileMode(0o100000)).toBe(0o600);
  });
});

describe('saveClusterKubeconfig', () => {
  it('writes ~/.kube/zonedeck/<zone>-<cluster>.yaml 0600 and says how to use it', async () => {
    const res = await saveClusterKubeconfig({ home, zone: 'EU West', cluster: 'Prod_1', content: SOURCE });
    // Names sanitising changed carry a short hash of the original (see contract/file-names.ts).
    expect(res.path).toMatch(/[/\\]eu-west-[a-z0-9]{8}-prod-1-[a-z0-9]{8}\.yaml$/);
    const file = join(home, '.kube', 'zonedeck', `${clusterEntryName('EU West', 'Prod_1')}.yaml`);
    expect(res).toMatchObject({
      path: file,
      bytes: Buffer.byteLength(SOURCE),
      exportCommand: `export KUBECONFIG=${file}`,
      kubectlCommand: `kubectl --kubeconfig ${file} get nodes`,
    });
    expect(readFileSync(file, 'utf8')).toBe(SOURCE);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(home, '.kube', 'zonedeck')).mode & 0o777).toBe(0o700);
    }
  });

  it('quotes a path with spaces in the commands', async () => {
    const spaced = join(home, 'my home');
    const res = await saveClusterKubeconfig({ home: spaced, zone: 'z', cluster: 'c', content: SOURCE });
    expect(res.exportCommand).toBe(`export KUBECONFIG='${join(spaced, '.kube', 'zonedeck', 'z-c.yaml')}'`);
  });

  it('refuses content that is not a kubeconfig and writes nothing', async () => {
    await expect(saveClusterKubeconfig({ home, zone: 'z', cluster: 'c', content: '<html>oops' })).rejects.toMatchObject(
      {
        code: 'invalid_kubeconfig',
      },
    );
    expect(() => statSync(join(home, '.kube'))).toThrow();
  });
});
