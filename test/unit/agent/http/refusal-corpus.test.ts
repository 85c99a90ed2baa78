/**
 * The error reader over a corpus of real refusals of public APIs (test/fixtures/refusals): each
 * names the field the agent must try first, where it goes when the body says so, and the fields
 * the zone refuses (never tried); a body naming nothing teaches nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';
import { fieldHints } from '../../../../src-main/agent/http/error-fields';

interface Case {
  name: string;
  source: string;
  status: number;
  body: unknown;
  field: string | null;
  place?: 'body' | 'query';
  rejected?: string[];
}

const DIR = path.join(__dirname, '../../../fixtures/refusals');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const CASES: [string, Case][] = FILES.flatMap((f) =>
  (JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Case[]).map((c): [string, Case] => [`${f}: ${c.name}`, c]),
);

/** The reply as the agent receives it: JSON, or text for a body that is a string. */
function refused(c: Case) {
  const text = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  const type = typeof c.body === 'string' ? 'text/plain' : 'application/json';
  return errorFromResponse(c.status, text, type).toJSON();
}

describe('the refusal corpus', () => {
  it('covers the public APIs and shapes it claims to', () => {
    for (const f of ['github', 'stripe', 'google', 'microsoft', 'aws', 'kubernetes', 'rails', 'django', 'fastapi'])
      expect(FILES).toContain(`${f}.json`);
    for (const f of ['spring', 'rfc9457', 'jsonapi', 'prose', 'codes']) expect(FILES).toContain(`${f}.json`);
    expect(CASES.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CASES)('%s', (_label, c) => {
    const err = refused(c);
    const expected = (err.details?.expected as string[] | undefined) ?? [];
    const hints = fieldHints(c.body);
    if (c.field === null) expect(expected).toEqual([]);
    else expect(expected[0]).toBe(c.field);
    if (c.place) expect(hints.find((h) => h.name === c.field)?.place).toBe(c.place);
    for (const r of c.rejected ?? []) {
      expect(hints.find((h) => h.name === r)?.kind).toBe('rejected');
      expect(expected).not.toContain(r);
    }
  });
});
