/**
 * A refusal that names a nested path (Kubernetes' `spec.content`, a JSON:API pointer, pydantic's
 * loc) says where in the body the zone wants the field: the hint carries it dotted, bounded to a
 * few identifiers, never through a prototype key, and the error's details pass it to the agent.
 */
import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../../../src-main/agent/http/error-body';
import { nestedOf } from '../../../../src-main/agent/http/error-hints';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';

describe('nestedOf', () => {
  it.each([
    ['spec.content', 'spec.content'],
    ['/data/attributes/content', 'data.attributes.content'],
    ['#/spec/path', 'spec.path'],
    ['$.spec.path', 'spec.path'],
    ['card[number]', 'card.number'],
    [['spec', 'content'], 'spec.content'],
  ])('%j is the nested field %s', (path, nested) => {
    expect(nestedOf(path)).toBe(nested);
  });

  it.each([
    ['content'], // one level is a name, not a path
    ['spec.containers[0].image'], // an index
    ['/data/attributes/a~1b'], // an escape
    ['a.b.c.d.e'], // more than four levels
    ['spec.__proto__.content'],
    ['/data/constructor/name'],
    ['prototype.x'],
    ['spec..content'],
    [['body', 0, 'name']],
    ['has space.x'],
  ])('%j is none', (path) => {
    expect(nestedOf(path)).toBeUndefined();
  });
});

describe('refusals naming nested paths', () => {
  it('Kubernetes Status causes: the leaf to try, the path to put it at', () => {
    const body = {
      kind: 'Status',
      status: 'Failure',
      message: "missing required fields 'spec.path', 'spec.content'",
      reason: 'Invalid',
      details: {
        causes: [
          { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.path' },
          { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.content' },
        ],
      },
      code: 422,
    };
    const read = readErrorBody(body);
    expect(read.expected).toEqual(['path', 'content']);
    expect(read.hints).toEqual([
      { name: 'path', kind: 'wanted', path: 'spec.path', nested: 'spec.path' },
      { name: 'content', kind: 'wanted', path: 'spec.content', nested: 'spec.content' },
    ]);
    const err = errorFromResponse(422, JSON.stringify(body), 'application/json').toJSON();
    expect(err.details).toMatchObject({
      expected: ['path', 'content'],
      refusalHints: [{ nested: 'spec.path' }, { nested: 'spec.content' }],
    });
  });

  it('JSON:API pointers: nested under data.attributes, in the body', () => {
    const read = readErrorBody({
      errors: [{ status: '422', detail: 'is required', source: { pointer: '/data/attributes/content' } }],
    });
    expect(read.hints).toEqual([
      {
        name: 'content',
        kind: 'wanted',
        path: '/data/attributes/content',
        nested: 'data.attributes.content',
        place: 'body',
      },
    ]);
  });

  it('pydantic loc after its place; a path through a prototype key keeps only its leaf', () => {
    expect(
      readErrorBody({ detail: [{ type: 'missing', loc: ['body', 'spec', 'content'], msg: 'Field required' }] }).hints,
    ).toEqual([{ name: 'content', kind: 'wanted', nested: 'spec.content', place: 'body' }]);
    const hostile = readErrorBody({ errors: [{ field: 'constructor.prototype.content', message: 'is required' }] });
    expect(hostile.hints.map((h) => h.nested)).toEqual([undefined]);
  });
});
