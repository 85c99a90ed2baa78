/**
 * What the dialect-matrix tests feed the edge layer: a dialect with exactly one point changed, a
 * request as the pipeline builds it, and standard replies as the modules give them.
 */
import { expect } from 'vitest';
import type { SandboxRequest, SandboxResponse } from '../../../src-main/sandbox/core/types';
import { translateRequest } from '../../../src-main/sandbox/dialect/requests';
import { STANDARD, type Choices, type DialectSpec, type Point } from '../../../src-main/sandbox/dialect/points';
import { reshapeReply } from '../../../src-main/sandbox/dialect/reply';

export type Rec = Record<string, unknown>;

/** The standard dialect with one point changed, seeded-style (every area, strict requests). */
export function only<P extends Point>(point: P, alt: Choices[P]): DialectSpec {
  const choices = { ...STANDARD.choices, [point]: alt } as Choices;
  if (point === 'fileRead' && alt === 'text') Object.assign(choices, { fileWrite: 'raw' });
  return { name: `probe:${point}=${alt}`, choices, scope: 'open', strict: true };
}

export function request(routeId: string, init: Partial<SandboxRequest> = {}): SandboxRequest {
  return {
    method: 'GET',
    path: '/api/v1/things',
    routeId,
    params: { id: 'r-1' },
    query: new URLSearchParams(),
    headers: {},
    rawBody: Buffer.alloc(0),
    body: undefined,
    zone: {
      id: 'eu-1',
      host: 'eu-1.sandbox.localhost',
      baseUrl: 'http://eu-1.sandbox.localhost:1',
      dialect: 'standard',
    },
    userAgent: '',
    ...init,
  };
}

/** The reply's JSON after reshaping (throws when it is not JSON). */
export function reshaped(spec: DialectSpec, routeId: string, json: unknown, status = 200, req?: SandboxRequest) {
  const out = reshapeReply(routeId, { status, json }, spec, req ?? request(routeId));
  return out as Extract<SandboxResponse, { status: number }> & { json?: unknown; headers?: Rec };
}

export const T = '2026-01-02T03:04:05.000Z';

export const CONTAINER: Rec = {
  id: 'c-1',
  name: 'web-1',
  kind: 'container',
  status: 'running',
  desired_status: 'running',
  created_at: T,
};

export const WORKFLOW: Rec = {
  id: 'w-1',
  name: 'triage',
  description: 'd',
  draft_spec: { nodes: [], edges: [] },
  deployment: {
    primary: { runner_id: 'p', version: 1, status: 'running', deployed_at: T },
    canary: { runner_id: 'c', version: 2, weight: 10, status: 'running', deployed_at: T },
  },
};

export const RUN: Rec = {
  id: 'run-1',
  workflow_id: 'w-1',
  status: 'waiting_approval',
  input: 'hi',
  steps: [{ node_id: 'in', type: 'input', status: 'succeeded', started_at: T }],
};

export type Probe = (alt: string, spec: DialectSpec) => void;
export const json = (spec: DialectSpec, route: string, body: unknown, status = 200) =>
  reshaped(spec, route, body, status).json as Rec;
export const translated = (spec: DialectSpec, route: string, body: unknown, query = '') =>
  translateRequest(request(route, { method: 'POST', body, query: new URLSearchParams(query) }), spec);
export const sent = (spec: DialectSpec, route: string, body: unknown) => translated(spec, route, body).req?.body as Rec;

/** A record renamed by a point is found under the alternative's name and no longer under the standard one. */
export function renamedIn(rec: Rec, std: string, alt: string, value: unknown): void {
  expect(rec[alt]).toEqual(value);
  if (alt !== std) expect(rec).not.toHaveProperty(std);
}

/** A write under the alternative's name is translated to the standard one; under the standard name it is refused naming the alternative. */
export function writes(
  spec: DialectSpec,
  route: string,
  std: string,
  alt: string,
  value: unknown,
  extra: Rec = {},
): void {
  expect(sent(spec, route, { ...extra, [alt]: value })[std]).toEqual(value);
  if (alt === std) return;
  const r = translated(spec, route, { ...extra, [std]: value });
  expect(r.refuse && 'json' in r.refuse ? r.refuse.status : 0).toBe(422);
  expect(JSON.stringify(r.refuse && 'json' in r.refuse ? r.refuse.json : null)).toContain(`"${alt}"`);
}

/** The first record of a standard `{items}` list reply after reshaping. */
export const first = (body: Rec): Rec => (body.items as Rec[])[0]!;
