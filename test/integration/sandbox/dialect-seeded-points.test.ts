/**
 * The other open points of seeded dialects over HTTP (issue #22, journeys 3, 4, 6, 7): publish,
 * canary and eval writes in the zone's own names with their records and verdicts in its own shape,
 * the webhook secret, config vars, cluster workers, a workspace created in its own words, and the
 * codes it gives "not deployed yet" and a missing connector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHost } from '../../../src-main/sandbox/repos/source-host';
import type { TestSandbox } from './helpers';
import { byName, codeIn, idOf, namedIn, rows, send, startSeeded, type Rec, type SeededZone } from './dialect-support';

const SEEDS = ['seed:8119', 'seed:10315', 'seed:904', 'seed:976', 'seed:591'] as const;
let sb: TestSandbox;
const zones: Record<string, SeededZone> = {};

beforeAll(async () => {
  const started = await startSeeded(SEEDS);
  sb = started.sb;
  for (const z of started.zones.slice(1)) zones[z.dialect] = z;
});
afterAll(() => sb.close());

/** The canary's weight, wherever this dialect keeps it. */
function canaryWeight(w: Rec, z: SeededZone): unknown {
  const weight = z.ch.weight;
  switch (z.ch.deployment) {
    case 'deployment':
      return ((w.deployment as Rec).canary as Rec)[weight];
    case 'primary_runner':
      return (w.canary_runner as Rec)[weight];
    case 'runners':
      return (w.runners as Rec[]).find((r) => r.role === 'canary')?.[weight];
    case 'deployed_version':
      return w[`canary_${weight}`];
  }
}

describe.each(SEEDS)('open points in %s', (dialect) => {
  const z = () => zones[dialect]!;
  const triage = async () => idOf(await byName(z(), '/workflows', 'triage'), z().ch, 'workflow');

  it('publishes, and takes a canary in its own names, showing its weight in its own shape', async () => {
    const id = await triage();
    const p = await send(z(), 'POST', `/workflows/${id}/publish`);
    expect(p.status).toBe(Number(z().ch.createStatus));
    const b = p.body as Rec;
    const version = { version: b.version, version_number: b.version_number, published: (b.published as Rec)?.version };
    expect(version[z().ch.publishReply]).toBe(2);
    const body = { [z().ch.canaryVersion]: 2, [z().ch.weight]: 25 };
    expect((await send(z(), 'POST', `/workflows/${id}/canary`, body)).status).toBe(200);
    expect(canaryWeight((await send(z(), 'GET', `/workflows/${id}`)).body as Rec, z())).toBe(25);
    expect((await send(z(), 'DELETE', `/workflows/${id}/canary`)).status).toBe(204);
  });

  it('keeps an eval case in its own names, runs the suite against its own target word, says verdicts its way', async () => {
    const id = await triage();
    const c = {
      [z().ch.name]: 'says printer',
      [z().ch.evalKind]: 'contains',
      input: 'printer',
      [z().ch.evalExpected]: 'printer',
    };
    if (z().ch.evalKind !== 'kind' || z().ch.evalExpected !== 'expected') {
      const refused = await send(z(), 'POST', `/workflows/${id}/evals`, { name: 'x', kind: 'contains', expected: 'x' });
      expect(refused.status).toBe(422);
    }
    expect([200, 201, 202, 204]).toContain((await send(z(), 'POST', `/workflows/${id}/evals`, c)).status);
    const cases = rows((await send(z(), 'GET', `/workflows/${id}/evals`)).body);
    expect(cases.find((x) => x[z().ch.name] === 'says printer')).toMatchObject({ [z().ch.evalExpected]: 'printer' });
    const run = await send(z(), 'POST', `/workflows/${id}/evals/run`, { [z().ch.evalTarget]: 'primary' });
    const suite = run.body as Rec;
    expect(suite[z().ch.evalTarget]).toBe('primary');
    const said = { passed: suite.passed, verdict: suite.verdict, result: suite.result }[z().ch.verdict];
    expect(said).toBe({ passed: true, verdict: 'pass', result: 'passed' }[z().ch.verdict]);
  });

  it('returns a rotated webhook secret under its own name', async () => {
    const r = await send(z(), 'POST', `/workflows/${await triage()}/webhook/rotate`);
    expect(Object.keys(r.body as Rec)).toEqual([z().ch.webhookSecret]);
  });

  it('reads and replaces config vars in its own shape', async () => {
    const id = idOf(await byName(z(), '/containers', 'worker-1'), z().ch, 'container');
    const vars = { config_vars: { MODE: 'x' }, vars: [{ key: 'MODE', value: 'x' }] };
    const body =
      z().ch.configVars === 'list' ? { vars: vars.vars } : z().ch.configVars === 'bare' ? { MODE: 'x' } : vars;
    expect((await send(z(), 'PUT', `/containers/${id}/config-vars`, body)).status).toBe(
      z().ch.updateReply === 'empty' ? 204 : 200,
    );
    const got = (await send(z(), 'GET', `/containers/${id}/config-vars`)).body as Rec;
    const want = { map: { config_vars: { MODE: 'x' } }, list: { vars: vars.vars }, bare: { MODE: 'x' } };
    expect(got).toEqual(want[z().ch.configVars]);
  });

  it('names cluster workers its own way, read and write', async () => {
    const demo = await byName(z(), '/kubernetes-clusters', 'demo');
    expect(demo[z().ch.workers]).toBe(3);
    const id = idOf(demo, z().ch, 'cluster');
    if (z().ch.workers !== 'workers') {
      const r = await send(z(), 'PUT', `/kubernetes-clusters/${id}`, { workers: 4 });
      expect(namedIn(r.body)).toBe(z().ch.workers);
    }
    await send(z(), 'PUT', `/kubernetes-clusters/${id}`, { [z().ch.workers]: 4 });
    expect((await byName(z(), '/kubernetes-clusters', 'demo'))[z().ch.workers]).toBe(4);
  });

  it('creates a workspace in its own words; with no deployment its latest build log answers its own way', async () => {
    const w = {
      [z().ch.name]: `site-${dialect.slice(5)}`,
      [z().ch.template]: 'cms',
      new_repo: `site-${dialect.slice(5)}`,
    };
    const c = await send(z(), 'POST', '/workspaces', w);
    expect(c.status).toBe(Number(z().ch.createStatus));
    expect(c.body).toMatchObject({ [z().ch.name]: w[z().ch.name], [z().ch.template]: 'cms', status: 'creating' });
    const log = await send(z(), 'GET', `/workspaces/${idOf(c.body as Rec, z().ch, 'workspace')}/cicd/deployments/log`);
    expect(log.status).toBe(z().ch.notDeployed === '404' ? 404 : 409);
    expect(codeIn(log.body)).toBe(
      { '404': 'not_found', '409_not_deployed': 'not_deployed', '409_no_deployments': 'no_deployments' }[
        z().ch.notDeployed
      ],
    );
  });

  it('says a missing source-hosting connector with its own code', async () => {
    const zoneId = sb.handle.zones.find((x) => x.baseUrl === z().base)!.id;
    const host = sourceHost(sb.handle.world);
    host.setConnected(zoneId, sb.handle.world.tenantId, false);
    try {
      const r = await send(z(), 'POST', '/workspaces', { [z().ch.name]: 'nope', new_repo: 'nope' });
      expect(r.status).toBe(409);
      expect(codeIn(r.body)).toBe(z().ch.connectorCode);
    } finally {
      host.setConnected(zoneId, sb.handle.world.tenantId, true);
    }
  });
});
