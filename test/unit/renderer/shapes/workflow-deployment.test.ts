/**
 * Shape matrix for a workflow's deployment: primary and canary under every likely shape, what the
 * record positively says versus what it does not show, the words, the actions offered, and the
 * deploy and canary bodies in the runner's own words.
 */
import { describe, expect, it } from 'vitest';
import {
  canaryBody,
  deployBody,
  deploymentOffers,
  deploymentWords,
  readDeployment,
} from '../../../../src-renderer/features/workflows/shapes/workflow-deployment';

describe('deployment, read', () => {
  it.each([
    [{ deployment: { primary: { version: 3, status: 'running' }, canary: { version: 4, weight: 20 } } }],
    [
      {
        runners: [
          { role: 'primary', version: 3 },
          { role: 'canary', version: 4, weight_percent: 20 },
        ],
      },
    ],
    [
      {
        runners: [
          { kind: 'PRIMARY', version: '3' },
          { name: 'canary', pinned_version: 4, percent: 20 },
        ],
      },
    ],
    [
      {
        deployment: {
          runners: [
            { type: 'primary', version: 3 },
            { track: 'canary', version: 4, traffic: 20 },
          ],
        },
      },
    ],
    [{ runners: { primary: { version: 3 }, canary: { version: 4, weight: 20 } } }],
    [{ primary_runner: { version: 3 }, canary_runner: { version: 4 }, canary_weight: 20 }],
    [{ deployed_version: 3, canary_version: 4, canary_weight: '20' }],
    [{ primary_version: 'v3', canary: { version_number: 4, weight: 20 } }],
  ])('primary v3 and canary v4 at 20 %% from %j', (raw) => {
    const d = readDeployment(raw);
    expect(d.state).toBe('deployed');
    expect(d.primary?.version).toBe(3);
    expect(d.canary).toMatchObject({ version: 4, weight: 20 });
    expect(deploymentWords(d)).toBe('Deployed v3 · canary v4 at 20 %');
  });

  it.each([
    [{ deployment: { primary: null, canary: null } }],
    [{ deployment: null }],
    [{ runners: [] }],
    [{ primary_runner: null }],
    [{ deployed_version: null }],
    [{ deployed: false }],
    [{ deployment: { status: 'not_deployed' } }],
  ])('positively undeployed: %j', (raw) => {
    const d = readDeployment(raw);
    expect(d.state).toBe('undeployed');
    expect(deploymentWords(d)).toBe('Not deployed');
    expect(deploymentOffers(d)).toMatchObject({ undeploy: false, canary: false });
  });

  it('unknown when the record shows nothing of it: offered all, said neutrally', () => {
    const d = readDeployment({ id: 'w', name: 'x' });
    expect(d).toEqual({ state: 'unknown', canaryKnown: false });
    expect(deploymentWords(d)).toBe('Deployment: not shown by this zone');
    expect(deploymentOffers(d)).toEqual({ undeploy: true, canary: true, promoteOrStop: true });
  });

  it('deployed without a version, by flag or words', () => {
    expect(readDeployment({ deployed: true })).toMatchObject({ state: 'deployed', primary: {} });
    expect(deploymentWords(readDeployment({ deployment: { status: 'ACTIVE' } }))).toBe('Deployed');
  });

  it('promote and stop are hidden only when the record positively shows no canary', () => {
    expect(deploymentOffers(readDeployment({ deployment: { primary: { version: 1 }, canary: null } }))).toMatchObject({
      promoteOrStop: false,
      canary: true,
    });
    expect(deploymentOffers(readDeployment({ deployed_version: 1 })).promoteOrStop).toBe(true);
  });
});

describe('deployment, written', () => {
  it("canary start under the canary runner's names, not firm; else the defaults", () => {
    const d = readDeployment({
      runners: [
        { role: 'primary', version: 1 },
        { role: 'canary', pinned_version: 2, percent: 5 },
      ],
    });
    const b = canaryBody(3, 19.6, d);
    expect(b.values).toEqual({ pinned_version: 3, percent: 20 });
    expect(Object.values(b.words).some((w) => w.firm)).toBe(false);
    expect(canaryBody(3, 20, readDeployment({})).values).toEqual({ version: 3, weight: 20 });
  });

  it('deploy sends the version when one was picked, else nothing', () => {
    expect(deployBody(2, readDeployment({})).values).toEqual({ version: 2 });
    expect(deployBody(undefined, readDeployment({})).values).toEqual({});
  });
});

describe('a canary given flat on the record', () => {
  it('reads its weight under canary_ and any runner weight name', () => {
    const d = readDeployment({ id: 'w', name: 'n', deployed_version: 1, canary_version: 2, canary_weight_percent: 20 });
    expect(d.canary).toMatchObject({ version: 2, weight: 20 });
  });
});
