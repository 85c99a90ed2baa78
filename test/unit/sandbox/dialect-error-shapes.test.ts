/**
 * The error shapes beyond the seeded four (errors.ts): `prose` (the fixed dialect of that name)
 * and EXTRA_ERROR_SHAPES. Each names a refused field its own way, and the agent's error reader
 * finds it there (with the place where the shape says it); none is among points.ts's seeded
 * alternatives, so no seeded dialect's picks move.
 */
import { describe, expect, it } from 'vitest';
import { fieldHints } from '../../../src-main/agent/http/error-fields';
import { expectedNames } from '../../../src-main/agent/http/error-body';
import { specOf } from '../../../src-main/sandbox/dialect/choose';
import { EXTRA_ERROR_SHAPES, errorBody, refusal } from '../../../src-main/sandbox/dialect/errors';
import { POINTS } from '../../../src-main/sandbox/dialect/points';
import { ERROR_STYLES, styledRefusal } from '../../../src-main/sandbox/dialect/error-styles';
import { randomName } from '../../../src-main/sandbox/dialect/random-names';
import type { SandboxResponse } from '../../../src-main/sandbox/core/types';

/** A refusal's JSON body (errors.ts always answers one). */
const jsonOf = (r: SandboxResponse): unknown => ('json' in r ? r.json : undefined);
const statusOf = (r: SandboxResponse): number | undefined => ('status' in r ? r.status : undefined);

const facts = { status: 422, code: 'validation_failed', message: 'could not accept these values', details: {} };

describe('error shapes beyond the seeded ones', () => {
  it('are not seeded alternatives', () => {
    for (const s of [...EXTRA_ERROR_SHAPES, 'prose']) expect(POINTS.errorShape).not.toContain(s);
  });

  it.each([...EXTRA_ERROR_SHAPES, 'prose' as const])('%s: a refusal names the field, read by the agent', (shape) => {
    const body = refusal({ ...specOf('standard').choices, errorShape: shape as 'flat' }, 'body', ['definition']);
    expect(statusOf(body)).toBe(422);
    expect(expectedNames(jsonOf(body))).toEqual(['definition']);
    const query = refusal({ ...specOf('standard').choices, errorShape: shape as 'flat' }, 'query', ['name']);
    expect(statusOf(query)).toBe(400);
    expect(expectedNames(jsonOf(query))[0]).toBe('name');
    if (['prose', 'jsonapi', 'pydantic'].includes(shape))
      expect(fieldHints(jsonOf(query)).find((h) => h.name === 'name')?.place).toBe('query');
    // Several names at once: every one of them.
    const both = refusal({ ...specOf('standard').choices, errorShape: shape as 'flat' }, 'body', ['kind', 'expected']);
    expect(expectedNames(jsonOf(both))).toEqual(expect.arrayContaining(['kind', 'expected']));
    // A handler's error naming nothing keeps its code and sentence, and names nothing.
    expect(expectedNames(errorBody(shape, facts))).toEqual([]);
  });

  it('prose answers the skill file read of issue #34 as a real zone did', () => {
    const spec = specOf('prose');
    expect(spec).toMatchObject({ name: 'prose', scope: 'open', strict: true });
    expect(spec.choices.filePath).toBe('name');
    expect(refusal(spec.choices, 'query', ['name'])).toEqual({
      status: 400,
      json: { error: 'name_required', message: 'select it with the query parameter name, e.g. ?name=…' },
    });
  });
});

describe("the random:N zones' error styles (error-styles.ts), read by the agent", () => {
  const names = [randomName(7, 'workflow.draft'), randomName(7, 'evalCase.kind'), randomName(7, 'skillFile.path')];

  it.each(ERROR_STYLES)('%s: every refused random name, one or several', (style) => {
    for (const place of ['body', 'query'] as const) {
      expect(expectedNames(jsonOf(styledRefusal(style, place, [names[0]!])))[0]).toBe(names[0]);
      expect(expectedNames(jsonOf(styledRefusal(style, place, names)))).toEqual(expect.arrayContaining(names));
    }
  });
});
