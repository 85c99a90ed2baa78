/**
 * Matrix probes for the workflow studio, runs and workspaces: each takes one alternative of its
 * point and checks the edge layer says it (dialect-matrix.test.ts runs them all).
 */
import { expect } from 'vitest';
import type { Point } from '../../../src-main/sandbox/dialect/points';
import { recode } from '../../../src-main/sandbox/dialect/errors';
import { sseRewriter } from '../../../src-main/sandbox/dialect/lines';
import { translateRequest } from '../../../src-main/sandbox/dialect/requests';
import {
  first,
  json,
  renamedIn,
  request,
  reshaped,
  RUN,
  sent,
  translated,
  WORKFLOW,
  writes,
  type Probe,
  type Rec,
} from './dialect-fakes';

export const STUDIO_PROBES = {
  draftField: (alt, spec) => {
    renamedIn(json(spec, 'workflows.get', WORKFLOW), 'draft_spec', alt, WORKFLOW.draft_spec);
    writes(spec, 'workflows.update', 'draft_spec', alt, { nodes: [] });
  },
  workflowWriteReply: (alt, spec) => {
    const out = reshaped(spec, 'workflows.update', WORKFLOW);
    expect(out.status).toBe(alt === 'empty' ? 204 : 200);
    if (alt !== 'empty') expect('draft_spec' in (out.json as Rec)).toBe(alt === 'with_draft');
  },
  deployment: (alt, spec) => {
    const rec = json(spec, 'workflows.get', WORKFLOW);
    const primary = {
      deployment: (rec.deployment as Rec)?.primary,
      primary_runner: rec.primary_runner,
      runners: (rec.runners as Rec[])?.[0],
    };
    if (alt === 'deployed_version')
      expect(rec).toMatchObject({ deployed_version: 1, canary_version: 2, canary_weight: 10 });
    else expect(primary[alt as 'runners']).toMatchObject({ version: 1 });
  },
  weight: (alt, spec) => {
    expect(((json(spec, 'workflows.get', WORKFLOW).deployment as Rec).canary as Rec)[alt]).toBe(10);
    writes(spec, 'workflows.canary.start', 'weight', alt, 10, { version: 2 });
  },
  canaryVersion: (alt, spec) => writes(spec, 'workflows.canary.start', 'version', alt, 2, { weight: 10 }),
  publishReply: (alt, spec) => {
    const out = json(spec, 'workflows.publish', { version: 2, spec: {} }, 201);
    expect(out).toEqual(
      {
        version: { version: 2, spec: {} },
        version_number: { version_number: 2, spec: {} },
        published: { published: { version: 2, spec: {} } },
      }[alt],
    );
  },
  evalKind: (alt, spec) => {
    renamedIn(
      first(json(spec, 'workflows.evals.list', { items: [{ id: 'e', kind: 'contains' }] })),
      'kind',
      alt,
      'contains',
    );
    writes(spec, 'workflows.evals.put', 'kind', alt, 'contains', { expected: 'x' });
  },
  evalExpected: (alt, spec) => writes(spec, 'workflows.evals.put', 'expected', alt, 'x', { kind: 'contains' }),
  evalTarget: (alt, spec) => writes(spec, 'workflows.evals.run', 'target', alt, 'canary'),
  verdict: (alt, spec) => {
    const out = first(
      json(spec, 'workflows.evals.results', {
        items: [{ id: 's', passed: false, verdicts: [{ case_id: 'e', passed: true }] }],
      }),
    );
    const said = {
      passed: [out.passed, (out.verdicts as Rec[])[0]!.passed],
      verdict: [out.verdict, 'pass'],
      result: [out.result, 'passed'],
    }[alt]!;
    expect(said[0]).toBe({ passed: false, verdict: 'fail', result: 'failed' }[alt]);
    if (alt !== 'passed') expect((out.verdicts as Rec[])[0]![alt]).toBe(said[1]);
  },
  runInput: (alt, spec) => writes(spec, 'workflows.run', 'input', alt, 'hi'),
  runWords: (alt, spec) =>
    expect(json(spec, 'workflowRuns.get', RUN).status).toBe(
      { standard: 'waiting_approval', completed: 'awaiting_approval', success: 'parked' }[alt],
    ),
  steps: (alt, spec) => expect((json(spec, 'workflowRuns.get', RUN)[alt] as Rec[])[0]).toMatchObject({ node_id: 'in' }),
  stepKey: (alt, spec) => expect((json(spec, 'workflowRuns.get', RUN).steps as Rec[])[0]![alt]).toBe('in'),
  approval: (alt, spec) => {
    const body = { decision: { decision: 'reject' }, approved: { approved: false }, action: { action: 'reject' } }[alt];
    expect(sent(spec, 'workflowRuns.approvals', body)).toEqual({ decision: 'reject' });
    if (alt === 'decision') return;
    expect(translated(spec, 'workflowRuns.approvals', { decision: 'reject' }).refuse).toMatchObject({ status: 422 });
    // The value may come in the other usual form: a word where a boolean is read, or the reverse.
    expect(sent(spec, 'workflowRuns.approvals', { [alt]: alt === 'approved' ? 'approve' : true })).toEqual({
      decision: 'approve',
    });
  },
  events: (alt, spec) => {
    const line = sseRewriter(spec.choices, 'run-1')('event: run_finished');
    expect(line).toBe(
      { standard: 'event: run_finished', dotted: 'event: run.completed', generic: 'event: status', unnamed: null }[alt],
    );
  },
  eventIds: (alt, spec) => {
    const id = sseRewriter(spec.choices, 'run-1')('id: 7');
    if (alt === 'none') return expect(id).toBeNull();
    expect(id).toMatch({ seq: /^id: 7$/, run_seq: /^id: run-1:7$/, uuid: /^id: [0-9a-f-]{24}000000000007$/ }[alt]!);
    const resumed = translateRequest(
      request('workflowRuns.stream', { headers: { 'last-event-id': id!.slice(4) } }),
      spec,
    );
    expect(resumed.req?.headers['last-event-id']).toBe('7');
  },
  webhookSecret: (alt, spec) => expect(json(spec, 'workflows.webhook.rotate', { secret: 's' })).toEqual({ [alt]: 's' }),
  template: (alt, spec) =>
    renamedIn(json(spec, 'workspaces.get', { id: 'w', template: 'cms', status: 'ready' }), 'template', alt, 'cms'),
  cmsStatus: (alt, spec) => {
    const out = json(spec, 'workspaces.cmsCli', { exit_code: 1, output: 'no' });
    expect(out).toMatchObject(
      {
        exit_code: { exit_code: 1 },
        exit_status: { exit_status: 1 },
        ok_bool: { ok: false },
        status_word: { status: 'failed' },
      }[alt]!,
    );
  },
  cmsOutput: (alt, spec) => expect(json(spec, 'workspaces.cmsCli', { exit_code: 0, output: 'ok' })[alt]).toBe('ok'),
  chatPrompt: (alt, spec) => {
    renamedIn(json(spec, 'workspaces.chats.create', { seq: 1, kind: 'run', prompt: 'p' }, 201), 'prompt', alt, 'p');
    writes(spec, 'workspaces.chats.create', 'prompt', alt, 'p', { mode: 'agent' });
  },
  commitMessage: (alt, spec) => {
    const d = first(
      json(spec, 'workspaces.cicd.deployments', {
        items: [{ uuid: 'u', status: 'succeeded', commit: 'abcdef0123', app: 'storefront', trigger: 'push' }],
      }),
    );
    const said = {
      none: undefined,
      message: d.message,
      commit_message: d.commit_message,
      commit_object: (d.commit as Rec).message,
    }[alt];
    expect(said).toBe(alt === 'none' ? undefined : 'Push of abcdef0');
  },
  deployWords: (alt, spec) =>
    expect(first(json(spec, 'workspaces.cicd.deployments', { items: [{ status: 'succeeded' }] })).status).toBe(alt),
  notDeployed: (alt, spec) => {
    const f = recode(
      'workspaces.cicd.latestLog',
      { status: 404, code: 'not_found', message: 'm', details: {} },
      spec.choices,
    );
    expect([f.status, f.code]).toEqual(
      {
        '404': [404, 'not_found'],
        '409_not_deployed': [409, 'not_deployed'],
        '409_no_deployments': [409, 'no_deployments'],
      }[alt],
    );
  },
  connectorCode: (alt, spec) =>
    expect(
      recode('workspaces.create', { status: 409, code: 'no_connector', message: 'm', details: {} }, spec.choices).code,
    ).toBe(alt),
  wrongKind: (alt, spec) =>
    expect(
      recode(
        'workspaces.storeCredentials',
        { status: 409, code: 'wrong_workspace_kind', message: 'm', details: {} },
        spec.choices,
      ).status,
    ).toBe(Number(alt)),
} satisfies Partial<Record<Point, Probe>>;
