/**
 * Matrix probes for lists, records, errors, compute and skill files: each takes one alternative
 * of its point and checks the edge layer says it (dialect-matrix.test.ts runs them all).
 */
import { expect } from 'vitest';
import type { Point } from '../../../src-main/sandbox/dialect/points';
import type { WsHandler } from '../../../src-main/sandbox/core/types';
import { errorBody } from '../../../src-main/sandbox/dialect/errors';
import { bareLogLine } from '../../../src-main/sandbox/dialect/lines';
import { reshapeReply } from '../../../src-main/sandbox/dialect/reply';
import { translateRequest } from '../../../src-main/sandbox/dialect/requests';
import { wsWithDialect } from '../../../src-main/sandbox/dialect/shape';
import {
  CONTAINER,
  first,
  json,
  renamedIn,
  request,
  reshaped,
  RUN,
  sent,
  T,
  translated,
  writes,
  type Probe,
  type Rec,
} from './dialect-fakes';

export const RECORD_PROBES = {
  envelope: (alt, spec) => {
    const out = reshaped(spec, 'workflows.runs', { items: [RUN], next_before: 'run-0' });
    const key = { items: 'items', data_next: 'data', results_cursor: 'results', plural_next_cursor: 'things' }[alt];
    if (key) expect((out.json as Rec)[key]).toHaveLength(1);
    else expect(out.json).toHaveLength(1);
    if (alt === 'bare_link') expect(String(out.headers?.link)).toMatch(/before=run-0.*rel="next"/);
    if (alt === 'data_next') expect(String((out.json as Rec).next)).toContain('before=run-0');
  },
  id: (alt, spec) =>
    renamedIn(json(spec, 'containers.get', CONTAINER), 'id', alt === 'kind_id' ? 'container_id' : alt, 'c-1'),
  name: (alt, spec) => renamedIn(json(spec, 'skills.get', { id: 's', name: 'n' }), 'name', alt, 'n'),
  description: (alt, spec) =>
    renamedIn(json(spec, 'skills.get', { id: 's', description: 'd' }), 'description', alt, 'd'),
  stateField: (alt, spec) => {
    const rec = json(spec, 'containers.get', CONTAINER);
    renamedIn(rec, 'status', alt, 'running');
    expect(rec[`desired_${alt}`]).toBe('running');
  },
  stateCase: (alt, spec) =>
    expect(json(spec, 'workflowRuns.get', RUN).status).toBe(
      { lower: 'waiting_approval', upper: 'WAITING_APPROVAL', title: 'Waiting_approval' }[alt],
    ),
  computeWords: (alt, spec) =>
    expect(json(spec, 'containers.get', CONTAINER).status).toBe(
      { standard: 'running', active: 'active', up: 'up' }[alt],
    ),
  currentOnly: (alt, spec) => expect('desired_status' in json(spec, 'containers.get', CONTAINER)).toBe(alt === 'no'),
  workers: (alt, spec) => renamedIn(json(spec, 'kubernetes.get', { id: 'k', workers: 3 }), 'workers', alt, 3),
  time: (alt, spec) => {
    const ms = Date.parse(T);
    expect(json(spec, 'containers.get', CONTAINER).created_at).toBe({ iso: T, epoch_s: ms / 1000, epoch_ms: ms }[alt]);
  },
  createStatus: (alt, spec) =>
    expect(reshaped(spec, 'skills.create', { id: 's', name: 'n' }, 201).status).toBe(Number(alt)),
  updateReply: (alt, spec) =>
    expect(reshaped(spec, 'skills.update', { id: 's', name: 'n' }).status).toBe(alt === 'empty' ? 204 : 200),
  errorShape: (alt, spec) => {
    const body = JSON.stringify(
      errorBody(spec.choices.errorShape, { status: 400, code: 'bad', message: 'm', details: { field: 'x' } }),
    );
    expect(body).toContain('"x"');
    expect(body).toContain('"bad"');
    expect(JSON.parse(body)).toHaveProperty(
      { flat: 'field', errors_array: 'errors', code_detail: 'missing', nested: 'error.target' }[alt]!,
    );
  },
  configVars: (alt, spec) => {
    const out = json(spec, 'containers.configVars.get', { config_vars: { A: '1' } });
    expect(out).toEqual(
      { map: { config_vars: { A: '1' } }, list: { vars: [{ key: 'A', value: '1' }] }, bare: { A: '1' } }[alt],
    );
    if (alt === 'list')
      expect(sent(spec, 'containers.configVars.replace', { vars: [{ key: 'B', value: '2' }] })).toEqual({
        config_vars: { B: '2' },
      });
  },
  logLine: (alt) => {
    const line = `${T} stdout 0000001 hello`;
    expect(alt === 'bare' ? bareLogLine(line) : line).toBe(alt === 'bare' ? `${T} hello` : line);
  },
  console: (alt, spec) => {
    const h: WsHandler = Object.assign(() => undefined, { protocols: () => ['zonedeck.console.v1'] });
    const wrapped = wsWithDialect(new Map([['containers.console', h]])).get('containers.console')!;
    const req = request('containers.console');
    req.zone.dialect = alt === 'none' ? 'variant' : 'standard';
    expect(wrapped.protocols!(req)).toEqual(alt === 'none' ? [] : ['zonedeck.console.v1']);
    expect(spec.choices.console).toBe(alt);
  },
  filePath: (alt, spec) => {
    renamedIn(first(json(spec, 'skills.files.list', { items: [{ path: 'a.md', size: 1 }] })), 'path', alt, 'a.md');
    const q = translated(spec, 'skills.files.content', undefined, `${alt}=a.md`);
    expect(q.req?.query.get('path')).toBe('a.md');
    if (alt !== 'path')
      expect(translated(spec, 'skills.files.content', undefined, 'path=a.md').refuse).toMatchObject({ status: 400 });
  },
  fileRead: (alt, spec) => {
    const req = request('skills.files.content', { query: new URLSearchParams('path=a.md') });
    const out = reshapeReply('skills.files.content', { status: 200, text: 'hi' }, spec, req);
    const want = {
      text: undefined,
      json_content: { path: 'a.md', content: 'hi' },
      json_text: { path: 'a.md', text: 'hi' },
    };
    if (alt === 'text') expect(out).toMatchObject({ text: 'hi' });
    else
      expect((out as { json: unknown }).json).toEqual(
        want[alt as 'json_text'] ?? { data: { path: 'a.md', content: 'hi' } },
      );
  },
  fileWrite: (alt, spec) => {
    if (alt === 'raw') {
      const raw = request('skills.files.put', {
        method: 'PUT',
        rawBody: Buffer.from('text'),
        query: new URLSearchParams('path=a.md'),
        headers: { 'content-type': 'text/plain' },
      });
      expect(translateRequest(raw, spec).req?.body).toEqual({ path: 'a.md', content: 'text' });
      // A file whose text is JSON is still the file (the core parsed it, the content type says text).
      const json = { ...raw, rawBody: Buffer.from('{"a": 1}'), body: { a: 1 } };
      expect(translateRequest(json, spec).req?.body).toEqual({ path: 'a.md', content: '{"a": 1}' });
      const asJson = { ...raw, headers: { 'content-type': 'application/json' }, body: { path: 'a.md', content: 'x' } };
      expect(translateRequest(asJson, spec).refuse).toMatchObject({ status: 415 });
    } else writes(spec, 'skills.files.put', 'content', alt === 'json_text' ? 'text' : 'content', 'x', { path: 'a.md' });
  },
  fileWriteReply: (alt, spec) => {
    const req = request('skills.files.put', { body: { path: 'a.md', content: 'x' } });
    const out = reshapeReply('skills.files.put', { status: 200, json: { path: 'a.md', size: 1 } }, spec, req);
    const want = {
      meta: { path: 'a.md', size: 1 },
      stored: { path: 'a.md', size: 1, content: 'x' },
      ack: { saved: true, path: 'a.md' },
    };
    if (alt === 'empty') expect(out).toEqual({ status: 204, empty: true });
    else expect((out as { json: unknown }).json).toEqual(want[alt as 'meta']);
  },
} satisfies Partial<Record<Point, Probe>>;
