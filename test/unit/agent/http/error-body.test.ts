/** A zone's error body of any shape: its code, its sentence and the names it expected, bounded and never thrown on. */
import { describe, expect, it } from 'vitest';
import { MAX_EXPECTED, expectedNames, readErrorBody } from '../../../../src-main/agent/http/error-body';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';

const JSON_TYPE = 'application/json';
const fromBody = (status: number, body: unknown, type = JSON_TYPE) =>
  errorFromResponse(status, typeof body === 'string' ? body : JSON.stringify(body), type).toJSON();

describe('error bodies of every shape', () => {
  it.each([
    [
      'top-level error + field',
      { error: 'validation_failed', message: "missing required field 'definition'", field: 'definition' },
      'validation_failed',
      "missing required field 'definition'",
      ['definition'],
    ],
    [
      'errors[] with field',
      { errors: [{ code: 'required', field: 'definition', message: 'is required' }] },
      'required',
      'definition: is required',
      ['definition'],
    ],
    [
      'code + detail + param',
      { code: 'invalid_request', detail: 'query parameter `file` is required', param: 'file' },
      'invalid_request',
      'query parameter `file` is required',
      ['file'],
    ],
    [
      'nested error with target',
      { error: { code: 'unprocessable', message: 'cannot process', target: 'definition' } },
      'unprocessable',
      'definition: cannot process',
      ['definition'],
    ],
    [
      'problem+json',
      { type: 'https://zone.example/problems/missing-field', title: 'Missing field', detail: 'field spec is required' },
      'missing-field',
      'field spec is required',
      ['spec'],
    ],
    [
      'error_code + missing list',
      { error_code: 'E_MISSING', missing: ['path', 'content'] },
      'E_MISSING',
      undefined,
      ['path', 'content'],
    ],
    ['fields as object keys', { code: 'bad', fields: { draft: 'required' } }, 'bad', undefined, ['draft']],
    ['errors as a map', { errors: { definition: ['required'] } }, undefined, undefined, ['definition']],
    [
      'JSON:API source pointer and parameter',
      {
        errors: [
          { title: 'Invalid', source: { pointer: '/data/attributes/draft_spec' } },
          { source: { parameter: 'file' } },
        ],
      },
      undefined,
      'draft_spec: Invalid',
      ['draft_spec', 'file'],
    ],
    [
      'pydantic loc',
      { detail: [{ loc: ['body', 'definition'], msg: 'field required', type: 'value_error.missing' }] },
      'value_error.missing',
      'definition: field required',
      ['definition'],
    ],
    [
      'details nested',
      { error: 'bad_input', details: { parameter: 'filename' } },
      'bad_input',
      undefined,
      ['filename'],
    ],
    [
      'a sentence under error',
      { error: 'The parameter "file" is required.' },
      undefined,
      'The parameter "file" is required.',
      ['file'],
    ],
  ])('%s', (_name, body, code, message, expected) => {
    const read = readErrorBody(body);
    expect(read.code).toBe(code);
    expect(read.message).toBe(message);
    expect(read.expected).toEqual(expected);
  });

  it('names the fields of several errors in the message, after the top-level sentence, bounded', () => {
    const body = {
      message: 'Validation failed',
      errors: [
        { field: 'name', message: 'is too long' },
        { field: 'expected', message: 'is required' },
        { field: 'a', message: 'x' },
        { field: 'b', message: 'y' },
      ],
    };
    expect(readErrorBody(body).message).toBe('Validation failed — name: is too long; expected: is required; a: x');
    expect(readErrorBody({ message: 'm'.repeat(2000) }).message).toHaveLength(500);
  });

  it('keeps the spec-fixed fields in details, adds expected, and the code stays the error', () => {
    expect(fromBody(401, { error: 'invalid_code', attempts_left: 2 })).toEqual({
      status: 401,
      code: 'invalid_code',
      message: 'The zone did not accept your credentials. Sign in again.',
      details: { attempts_left: 2 },
    });
    expect(fromBody(422, { error: 'validation_failed', field: 'definition' })).toMatchObject({
      code: 'validation_failed',
      details: { field: 'definition', expected: ['definition'] },
    });
  });

  it('details.expected is always names the reader found, never a zone field of that name', () => {
    expect(fromBody(415, { code: 'unsupported_media_type', expected: 'text/plain' }).details).toEqual({
      code: 'unsupported_media_type',
    });
    expect(fromBody(422, { expected: ['spec'], field: 'definition' }).details).toEqual({
      field: 'definition',
      expected: ['definition'],
    });
  });

  it('reads plain text: the sentence, and names quoted or after "parameter"', () => {
    expect(fromBody(400, 'parameter file is required', 'text/plain')).toEqual({
      status: 400,
      code: 'http_400',
      message: 'parameter file is required',
      details: { expected: ['file'] },
    });
    expect(expectedNames('field is required')).toEqual([]);
  });

  it('reads a bare list of errors and a bare JSON string', () => {
    expect(fromBody(422, [{ field: 'definition', message: 'is required' }])).toEqual({
      status: 422,
      code: 'http_422',
      message: 'definition: is required',
      details: { errors: [{ field: 'definition', message: 'is required' }], expected: ['definition'] },
    });
    expect(fromBody(400, JSON.stringify('parameter `file` is required'))).toMatchObject({
      message: 'parameter `file` is required',
      details: { expected: ['file'] },
    });
  });

  it('never shows an HTML page or broken JSON as the message', () => {
    expect(fromBody(502, '<html><body>bad gateway "x"</body></html>', 'text/html').message).toBe(
      'The zone’s gateway failed to answer.',
    );
    expect(fromBody(400, '{"error": "x', JSON_TYPE).message).toBe('The zone rejected the request as malformed.');
  });
});

describe('hostile error bodies', () => {
  it('drops names with odd characters or too long, and keeps at most 20', () => {
    const odd = { missing: ['ok_name', '../etc', 'a b', '<script>', 'x'.repeat(65), 'y'.repeat(64), '', 42] };
    expect(expectedNames(odd)).toEqual(['ok_name', 'y'.repeat(64)]);
    const names = expectedNames({ errors: Array.from({ length: 100 }, (_, i) => ({ field: `f${i}` })) });
    expect(names.length).toBe(MAX_EXPECTED);
    for (const n of names) expect(n).toMatch(/^[A-Za-z_][\w.-]{0,63}$/);
  });

  it('reads a huge message only in part and survives non-string codes and odd types', () => {
    const huge = `'${'a'.repeat(100)}' ${"'b' ".repeat(100_000)}`;
    expect(() => readErrorBody({ message: huge })).not.toThrow();
    expect(readErrorBody({ message: huge }).expected.length).toBeLessThanOrEqual(MAX_EXPECTED);
    expect(readErrorBody({ error: { code: true }, code: null, errors: 'x', fields: 7, missing: { a: 1 } })).toEqual({
      expected: [],
      hints: [],
    });
    expect(readErrorBody([1, 2])).toEqual({ expected: [], hints: [] });
    expect(readErrorBody(null)).toEqual({ expected: [], hints: [] });
  });

  it('a deep error body is dropped before it is read', () => {
    const deep = `{"errors": ${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect(errorFromResponse(422, deep, JSON_TYPE).toJSON()).toMatchObject({ details: { bodyDropped: 'too_deep' } });
  });

  it('a URL echoed as path is not a field, a bare path is', () => {
    expect(expectedNames({ status: 400, error: 'Bad Request', path: '/api/v1/skills/s1/files' })).toEqual([]);
    expect(expectedNames({ errors: [{ path: 'definition' }] })).toEqual(['definition']);
  });
});
