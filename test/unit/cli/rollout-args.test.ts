/** `--stage` values read into a plan's stages, and the rules a person can get wrong. */
import { describe, expect, it } from 'vitest';
import { parseStage } from '../../../src-main/cli/rollout-args';

describe('rollout stage flags', () => {
  it('reads zones and rules', () => {
    expect(parseStage('eu-1')).toEqual({ zones: ['eu-1'], canaryWeight: null, suiteMustPass: false, approval: false });
    expect(parseStage('us-1, us-2:canary=25,suite,soak=5runs,approve')).toEqual({
      zones: ['us-1', 'us-2'],
      canaryWeight: 25,
      suiteMustPass: true,
      approval: true,
      soak: { runs: 5 },
    });
    expect(parseStage('a:soak=10m').soak).toEqual({ minutes: 10 });
  });

  it('refuses what it cannot read, as a usage error naming the rule', () => {
    expect(() => parseStage(':suite')).toThrow(/names its zones/);
    expect(() => parseStage('a:canary=101')).toThrow(/from 1 to 100/);
    expect(() => parseStage('a:soak=soon')).toThrow(/soak= takes runs or minutes/);
    expect(() => parseStage('a:fast')).toThrow(/“fast” is no stage rule/);
    try {
      parseStage('a:fast');
    } catch (e) {
      expect(e).toMatchObject({ exitCode: 2 });
    }
  });
});
