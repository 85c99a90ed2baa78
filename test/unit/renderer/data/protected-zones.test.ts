import { describe, expect, it } from 'vitest';
import { asksZoneName, zoneChange, ZonePasses } from '../../../../src-renderer/data/protected-zones';
import { ROUTES } from '../../../../src-main/contract/routes';

const prod = (zone: string) => zone === 'prod';

describe('the protected-zone guard decides', () => {
  it('every non-GET operation of the table changes its zone; no GET does', () => {
    for (const route of ROUTES) {
      const call = zoneChange('api.call', { zone: 'prod', operationId: route.id });
      if (route.method === 'GET') expect(call, route.id).toBeNull();
      else if (!route.public && route.id !== 'workflows.validate' && route.id !== 'auth.logout')
        expect(call, route.id).toEqual({ zone: 'prod', operation: route.id, summary: route.summary });
    }
  });

  it('asks for a change in a protected zone only, never for a read', () => {
    const passes = new ZonePasses();
    const stop = zoneChange('api.call', { zone: 'prod', operationId: 'containers.stop', params: { id: 'c1' } });
    expect(asksZoneName(stop, prod, passes)).toBe(true);
    expect(asksZoneName(zoneChange('api.call', { zone: 'dev', operationId: 'containers.stop' }), prod, passes)).toBe(
      false,
    );
    expect(asksZoneName(zoneChange('api.call', { zone: 'prod', operationId: 'containers.list' }), prod, passes)).toBe(
      false,
    );
    expect(asksZoneName(zoneChange('list.poll', { zone: 'prod' }), prod, passes)).toBe(false);
  });

  it('sign-in, the session’s own end and a lint are not changes; an unknown operation is', () => {
    expect(zoneChange('api.call', { zone: 'prod', operationId: 'auth.login' })).toBeNull();
    expect(zoneChange('api.call', { zone: 'prod', operationId: 'auth.logout' })).toBeNull();
    expect(zoneChange('api.call', { zone: 'prod', operationId: 'workflows.validate' })).toBeNull();
    expect(zoneChange('api.call', { zone: 'prod', operationId: 'containers.explode' })).toEqual({
      zone: 'prod',
      operation: 'containers.explode',
    });
  });

  it('opening a console is a change (a shell on the machine); following a log or a run is not', () => {
    const open = (operationId: string) =>
      zoneChange('stream.open', { zone: 'prod', operationId, params: { id: 'c1' } });
    expect(open('containers.console')).toEqual({
      zone: 'prod',
      operation: 'containers.console',
      summary: 'Open a console',
      target: 'c1',
    });
    expect(open('microvms.console')?.operation).toBe('microvms.console');
    expect(open('containers.logs')).toBeNull();
    expect(open('workflowRuns.stream')).toBeNull();
    expect(asksZoneName(open('containers.console'), prod, new ZonePasses())).toBe(true);
  });

  it('agent commands that change the zone ask; local ones and ones without a zone do not', () => {
    expect(zoneChange('apiClients.delete', { zone: 'prod', id: 'a' })).toEqual({
      zone: 'prod',
      operation: 'apiClients.delete',
      target: 'a',
    });
    expect(
      zoneChange('api.call', { zone: 'prod', operationId: 'containers.stop', params: { id: 'c1' } }),
    ).toMatchObject({ target: 'c1', summary: 'Stop' });
    expect(zoneChange('identity.signOutEverywhere', { zone: 'prod' })).not.toBeNull();
    expect(zoneChange('kubeconfig.save', { zone: 'prod', id: 'k' })).toBeNull();
    expect(zoneChange('zones.update', { id: 'prod', protected: false })).toBeNull();
    expect(zoneChange('api.call', { operationId: 'containers.stop' })).toBeNull();
  });

  it('a typed confirmation gives its zone a short pass, kept open while the action calls', () => {
    const passes = new ZonePasses(1000);
    const call = zoneChange('api.call', { zone: 'prod', operationId: 'containers.delete' });
    passes.grant('prod', 0);
    expect(asksZoneName(call, prod, passes, 500)).toBe(false);
    expect(asksZoneName(call, prod, passes, 1400)).toBe(false); // the use at 500 kept it open
    expect(asksZoneName(call, prod, passes, 2500)).toBe(true);
    expect(passes.use('prod', 2500)).toBe(false);
    passes.grant('other', 3000);
    expect(asksZoneName(call, prod, passes, 3100)).toBe(true);
    passes.grant('prod', 4000);
    passes.revokeAll(); // the person's next click
    expect(asksZoneName(call, prod, passes, 4100)).toBe(true);
  });
});
