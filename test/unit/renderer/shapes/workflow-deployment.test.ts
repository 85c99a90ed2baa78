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

  it('a first canary in a zone of its own names: the version under the primary runner’s version key, firm', () => {
    const d = readDeployment({
      kej34: { k6st4y1y7: { r85: 'c50adfcc-efe2-4604-8a1b-0d9e2b6f7a10', b3u: 1, cpzfgr4y: 'running' }, oiq7c8q: null },
    });
    expect(d.primary).toMatchObject({ version: 1, versionKey: 'b3u' });
    const b = canaryBody(2, 20, d);
    expect(b.values).toEqual({ b3u: 2, weight: 20 });
    expect(b.words.b3u).toMatchObject({ role: 'canary.version', firm: true });
    // The weight's name is the zone's to say (a refusal naming one name left goes to it).
    expect(b.words.weight?.firm).toBeUndefined();
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

describe('a runner found by its values, under names in no list', () => {
  it.each([
    [{ id: 'w', runner: { version: 3 }, canary_runner: { version: 4, weight: 10 } }],
    [{ id: 'w', runner: { version: 3, status: 'running' }, canary: { version: 4, weight: 10 } }],
    [{ id: 'w', runners: [{ version: 3 }, { version: 4, weight: 10 }] }],
    [
      {
        id: 'w',
        runners: [
          { rev: '3', share: 90 },
          { rev: '4', share: 10 },
        ],
      },
    ],
    [{ id: 'w', serving: { main: { v: 3 }, next: { v: 4, traffic_pct: '10%' } } }],
    [{ id: 'w', zq: { number: 3, split: 90 }, xy: { number: 4, split: 10 } }],
    [{ id: 'w', deployment: { rev: 3, canary: { rev: 4, weight: 10 } } }],
  ])('primary v3 and canary v4 at 10 %% from %j', (raw) => {
    const d = readDeployment(raw);
    expect(d).toMatchObject({ state: 'deployed', primary: { version: 3 }, canary: { version: 4, weight: 10 } });
    expect(deploymentWords(d)).toBe('Deployed v3 · canary v4 at 10 %');
  });

  it('the spec’s own runner, alone: deployed, no canary shown', () => {
    const d = readDeployment({ id: 'w', name: 'n', runner: { version: 3, status: 'running' } });
    expect(deploymentWords(d)).toBe('Deployed v3');
    expect(d.primary?.raw).toEqual({ version: 3, status: 'running' });
  });

  it('a runner field that is empty says not deployed; an empty canary field says there is none', () => {
    expect(readDeployment({ id: 'w', runner: null }).state).toBe('undeployed');
    const d = readDeployment({ id: 'w', runner: { version: 2 }, canary_runner: null });
    expect(d).toMatchObject({ state: 'deployed', canaryKnown: true });
    expect(deploymentOffers(d).promoteOrStop).toBe(false);
  });

  it('a runner in names of its own is known by its state word; the canary beside it by its weight (random:13)', () => {
    const primary = {
      bd0e: 'd0728f04-6b68-47dc-b404-ffe86f2ba7e8',
      fr8l81: 1,
      wl3qu2bi: 'running',
      w98: 1796195968324,
    };
    const alone = readDeployment({ beiwd329r: 'w', w39: 2, r97rqz: primary, kf8x: null });
    expect(deploymentWords(alone)).toBe('Deployed v1');
    const canary = { bd0e: 'c0ffee00-1111-4222-8333-444455556666', fr8l81: 2, l2m9wwf: 20, wl3qu2bi: 'running' };
    expect(deploymentWords(readDeployment({ beiwd329r: 'w', r97rqz: primary, kf8x: canary }))).toBe(
      'Deployed v1 · canary v2 at 20 %',
    );
  });

  it.each([
    ['a bare version under a name that hints nothing', { id: 'w', zq: { v: 3 } }],
    ['no recognisable version', { id: 'w', runner: { image: 'x', replicas: 2, port: 8080 } }],
    ['the draft and the latest published version are not runners', { draft: { version: 5 }, latest: { version: 4 } }],
    ['two runners nothing tells apart', { id: 'w', runners: [{ version: 3 }, { version: 4 }] }],
  ])('not shown when nothing fits: %s', (_what, raw) => {
    expect(deploymentWords(readDeployment(raw))).toBe('Deployment: not shown by this zone');
  });

  it('a canary read by value is written under its own names', () => {
    const d = readDeployment({ id: 'w', runner: { version: 3 }, canary_runner: { version: 4, weight_percent: 10 } });
    expect(canaryBody(5, 20, d).values).toEqual({ version: 5, weight_percent: 20 });
  });
});
