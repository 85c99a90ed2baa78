/**
 * `dictionary.survey` against a zone in words nobody here wrote (`random:13`: every field a seeded
 * random name; a container's state in two fields alike, the current and the desired one). Read
 * alone, containers cannot tell their state; once the agent read the zone's main kinds together,
 * the zone's habit (its clusters' and gateways' state field) tells it — whichever was read first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoneKindReader } from '../../../src-main/contract/dictionary/kind-reader';
import { pathText } from '../../../src-main/contract/dictionary/dictionary-types';
import { listOf } from '../../../src-main/contract/tolerant';
import { harness } from './harness';

describe('reading a zone’s main kinds together (random:13)', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  beforeAll(async () => {
    h = await harness({ dialect: 'random:13' });
    zone = (await h.addAndSignIn('eu-1')).id;
  });
  afterAll(async () => h?.close());

  it('keeps what the kinds show, and a container’s state then reads by the zone’s habit', async () => {
    const containers = listOf((await h.invoke('api.call', { zone, operationId: 'containers.list' })).data);
    expect(containers.length).toBeGreaterThan(1);
    const before = (await h.invoke('zones.list', {}))[0]!.dictionary;
    const alone = zoneKindReader(before, containers, 'container');
    expect(alone.paths.state).toBeUndefined();
    expect(alone.unsure.state).toHaveLength(2);

    const view = await h.invoke('dictionary.survey', { zone });
    const kinds = Object.keys(view.dictionary?.kinds ?? {});
    expect(kinds).toEqual(expect.arrayContaining(['cluster', 'vpn_gateway', 'workflow', 'skill', 'workspace']));
    const clusterState = view.dictionary!.kinds.cluster!.read.state!.path;

    const after = zoneKindReader(view.dictionary, containers, 'container');
    expect(pathText(after.paths.state!)).toBe(pathText(clusterState));
    const states = containers.map((c) => after.state(c));
    expect(states).toContain('running');
    expect(states.every((s) => typeof s === 'string')).toBe(true);
  });

  it('answers a signed-out zone as it stands', async () => {
    await h.invoke('auth.logout', { zone });
    const view = await h.invoke('dictionary.survey', { zone });
    expect(view.id).toBe(zone);
  });
});
