/**
 * Authoring routes: CRUD on the draft, validate (lint without saving), publish (freeze the draft as
 * the next numbered version; 422 with a per-node error map when invalid), versions, and rotating
 * the webhook secret (plaintext returned once; only its hash is kept).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Handler } from '../core/types';
import { iso } from '../kit/clock';
import { crudHandlers } from '../kit/crud';
import { badRequest, body, conflict, list, notFound, ok, optStr, str, unprocessable, type Body } from '../kit/http';
import type { WorkflowsCtx } from './context';
import { inFlight, workflowView, type Version, type Workflow } from './model';
import { DEFAULT_SPEC, validateSpec, type WorkflowSpec } from './spec';

function draftOf(b: Body, fallback: unknown): unknown {
  const d = b.draft_spec;
  if (d === undefined) return fallback;
  if (!d || typeof d !== 'object' || Array.isArray(d))
    badRequest('draft_spec must be an object', { field: 'draft_spec' });
  return structuredClone(d);
}

function versionOf(w: Workflow, raw: string): Version {
  const v = /^\d+$/.test(raw) ? w.versions.find((x) => x.version === Number(raw)) : undefined;
  return v ?? notFound('version', raw);
}

export function authoringHandlers(ctx: WorkflowsCtx): Record<string, Handler> {
  const { world } = ctx;
  return {
    ...crudHandlers<Workflow>({
      area: 'workflows',
      store: ctx.workflows,
      view: workflowView,
      create: (b) =>
        ctx.newWorkflow(str(b, 'name'), optStr(b, 'description') ?? '', draftOf(b, structuredClone(DEFAULT_SPEC))),
      update: (w, b) => {
        if (b.name !== undefined) w.name = str(b, 'name');
        if (b.description !== undefined) w.description = optStr(b, 'description') ?? '';
        w.draft_spec = draftOf(b, w.draft_spec);
        w.updated_at = iso(world);
      },
      beforeDelete: (w, req) => {
        const n = ctx.runsOf(req, w.id).filter(inFlight).length;
        if (n > 0) conflict('runs_in_flight', `workflow has ${n} run(s) in flight`, { in_flight: n });
      },
    }),

    'workflows.validate': (req) => {
      const w = ctx.workflow(req);
      const b = body(req);
      const errors = validateSpec('spec' in b ? b.spec : w.draft_spec);
      return ok({ valid: Object.keys(errors).length === 0, errors });
    },

    'workflows.publish': (req) => {
      const w = ctx.workflow(req);
      const errors = validateSpec(w.draft_spec);
      if (Object.keys(errors).length > 0) unprocessable('invalid_spec', 'the draft spec is invalid', { errors });
      const v: Version = {
        version: (w.versions.at(-1)?.version ?? 0) + 1,
        spec: structuredClone(w.draft_spec) as WorkflowSpec,
        created_at: iso(world),
      };
      w.versions.push(v);
      return ok(v, 201);
    },

    'workflows.versions.list': (req) => list(ctx.workflow(req).versions),
    'workflows.versions.get': (req) => ok(versionOf(ctx.workflow(req), req.params.version ?? '')),

    'workflows.webhook.rotate': (req) => {
      const w = ctx.workflow(req);
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      w.webhook_secret_hash = createHash('sha256').update(secret).digest('hex');
      w.webhook_rotated_at = iso(world);
      return ok({ secret });
    },
  };
}
