/**
 * Shape matrix for eval cases and suites: fields under every name, kinds in any spelling, a case
 * written in its own or the zone's other cases' words, a refusal placed beside the field it
 * named, the compare of what was kept, and the suite run's target.
 */
import { describe, expect, it } from 'vitest';
import {
  caseBody,
  caseOf,
  caseRefusal,
  evalRunBody,
  sameCase,
  toEvalCase,
} from '../../../../src-renderer/features/workflows/shapes/eval-case';
import { zoneKindReader } from '../../../../src-main/contract/dictionary/kind-reader';
import { newestFirst, toSuite } from '../../../../src-renderer/features/workflows/shapes/eval-suite';

describe('eval case, read', () => {
  it.each([
    [{ id: 'c', name: 'n', kind: 'contains', input: 'hi', expected: 'x' }, 'contains'],
    [{ uuid: 'c', title: 'n', type: 'EQUALS', prompt: 'hi', expect: 'x' }, 'equals'],
    [{ case_id: 'c', label: 'n', assertion: 'llm-judge', input: 'hi', criteria: 'x' }, 'llm_judge'],
    [{ id: 'c', name: 'n', check: 'exact_match', payload: 'hi', value: 'x' }, 'equals'],
    [{ id: 'c', name: 'n', kind: 'LLM Judge', input: 'hi', expected: 'x' }, 'llm_judge'],
    [{ case_id: 'c', display_name: 'n', type: 'contains', input: 'hi', expect: 'x' }, 'contains'],
  ])('%j', (raw, kind) => {
    expect(toEvalCase(raw, 0)).toMatchObject({ id: 'c', name: 'n', kind, input: 'hi', expected: 'x' });
  });

  it('reads the id and name where the zone’s reader of cases says (a resource-path `name` is no name)', () => {
    const uid = '7ba4f141-2918-4c08-b68d-96bcafc7d670';
    const recs = ['says hi', 'contains case'].map((n, i) => ({
      name: `zones/eu-1/evalCases/${uid.slice(0, -1)}${i}`,
      uid: `${uid.slice(0, -1)}${i}`,
      displayName: n,
      kind: 'contains',
      input: 'there',
      expected: 'x',
    }));
    const reader = zoneKindReader(undefined, recs, 'eval_case');
    expect(toEvalCase(recs[0]!, 0, undefined, reader)).toMatchObject({ id: recs[0]!.uid, name: 'says hi' });
  });

  it('shows JSON input as JSON text', () => {
    expect(toEvalCase({ input: { q: 1 } }, 0).input).toBe('{"q":1}');
  });
});

describe('eval case, written', () => {
  const draft = { name: 'n', kind: 'contains', input: '{"q":1}', expected: 'x' };

  it("a new case in the zone's other cases' words, its kind spelled as they spell it", () => {
    const others = [{ uuid: 'o', title: 't', type: 'CONTAINS', prompt: 'p', expect: 'e' }];
    expect(caseBody(draft, undefined, others).values).toEqual({
      title: 'n',
      type: 'CONTAINS',
      prompt: { q: 1 },
      expect: 'x',
    });
  });

  it("an edit in the case's own words, firm, with its id", () => {
    const own = { id: 'c', name: 'n', assertion: 'contains', input: 'p', value: 'e' };
    const b = caseBody({ ...draft, id: 'c' }, own, []);
    expect(b.values).toEqual({ id: 'c', name: 'n', assertion: 'contains', input: { q: 1 }, value: 'x' });
    expect(b.words.value!.firm).toBe(true);
  });

  it('a judge case writes criteria under the name judge cases use, defaults otherwise', () => {
    const judge = { ...draft, kind: 'llm_judge' };
    expect(caseBody(judge, undefined, []).values).toMatchObject({ kind: 'llm_judge', criteria: 'x' });
    const others = [
      { kind: 'contains', expected: 'e' },
      { kind: 'llm_judge', rubric: 'r' },
    ];
    expect(caseBody(judge, undefined, others).values).toMatchObject({ rubric: 'x' });
    expect(caseBody(draft, undefined, others).values).toMatchObject({ expected: 'x' });
  });

  it("places a refusal beside the field it named, in the zone's words", () => {
    const { words } = caseBody(draft, undefined, []);
    const err = (details: Record<string, unknown>) => ({ status: 422, code: 'invalid', message: 'm', details });
    expect(caseRefusal(err({ expected: ['expect'] }), words)).toEqual({
      expected: 'The zone wants `expect` for this field.',
    });
    expect(caseRefusal(err({ field: 'assertion' }), words)).toEqual({
      kind: 'The zone wants `assertion` for this field.',
    });
    expect(caseRefusal(err({ param: 'expected_output' }), words)).toHaveProperty('expected');
    expect(caseRefusal(err({ field: 'name' }), words)).toEqual({});
    expect(caseRefusal({ status: 422, code: 'x', message: 'm' }, words)).toEqual({});
  });

  it('finds the kept case in a reply and compares it with what was typed', () => {
    expect(caseOf({ case: { name: 'n' } })).toEqual({ name: 'n' });
    expect(caseOf({ id: 'c', expect: 'x', title: 'n' })).toBeTruthy();
    expect(caseOf({ ok: true })).toBeUndefined();
    const kept = toEvalCase({ name: 'n', type: 'contains', input: { q: 1 }, expect: 'x' }, 0);
    expect(sameCase(draft, kept)).toBe(true);
    expect(sameCase({ ...draft, expected: 'y' }, kept)).toBe(false);
  });

  it("a suite run's target under the name the zone's suites use", () => {
    expect(evalRunBody('canary', [{ runner: 'primary' }]).values).toEqual({ runner: 'canary' });
    expect(evalRunBody('primary', []).values).toEqual({ target: 'primary' });
  });
});

describe('eval suites', () => {
  it('reads verdicts under any list name; passed only when the zone said so', () => {
    const s = toSuite(
      {
        suite_id: 's',
        runner: 'canary',
        version_number: 2,
        status: 'PASSED',
        results: [
          { caseId: 'c', pass: true },
          { case: 'd', verdict: 'weird' },
        ],
      },
      0,
      new Map([['c', 'Case C']]),
    );
    expect(s).toMatchObject({ id: 's', target: 'canary', version: 2, passed: true, passCount: 1, failCount: 1 });
    expect(s.verdicts[0]!.caseName).toBe('Case C');
  });

  it('reads a suite in names nobody here wrote by its values: its one list of records, flags, case ids, target, time', () => {
    const s = toSuite(
      {
        q7x: 'a1b2c3d4',
        zz9: 'Canary',
        k2: 3,
        m4m: false,
        t0: '2026-12-02T08:00:07.654Z',
        w1w: [
          { p3: 'c1', r8: 'contains', f5: true, o2: 'hi there', y6: 'ok' },
          { p3: 'c2', r8: 'equals', f5: false, o2: 'no', y6: 'differs' },
        ],
      },
      0,
      new Map([
        ['c1', 'says hi'],
        ['c2', 'says no'],
      ]),
    );
    expect(s).toMatchObject({ target: 'Canary', passed: false, passCount: 1, failCount: 1 });
    expect(s.createdAt?.toISOString()).toBe('2026-12-02T08:00:07.654Z');
    expect(s.verdicts.map((v) => [v.caseName, v.passed])).toEqual([
      ['says hi', true],
      ['says no', false],
    ]);
  });

  it('reads no verdict from two lists of records, and no flag from two booleans (no guess)', () => {
    const s = toSuite({ a: [{ x: 1 }], b: [{ y: 2 }], c: true, d: false }, 0, new Map());
    expect(s).toMatchObject({ passed: false, verdicts: [] });
  });

  it('reads a suite in PascalCase (style:aws): its verdicts, their flags and its time', () => {
    const s = toSuite(
      {
        EvalSuiteId: 'e9f0e79d',
        Target: 'primary',
        Version: 1,
        Passed: true,
        CreationTime: '2026-12-02T08:00:07.654Z',
        Verdicts: [{ CaseId: 'c1', Kind: 'contains', Output: 'Say hi there', Passed: true, Reason: 'contains it' }],
      },
      0,
      new Map([['c1', 'says hi']]),
    );
    expect(s).toMatchObject({ id: 'e9f0e79d', target: 'primary', passed: true, passCount: 1, failCount: 0 });
    expect(s.verdicts[0]).toMatchObject({ caseName: 'says hi', output: 'Say hi there', reason: 'contains it' });
    expect(s.createdAt?.toISOString()).toBe('2026-12-02T08:00:07.654Z');
  });

  it('orders newest first by time, epoch or text', () => {
    const a = toSuite({ id: 'a', created_at: 1767225600 }, 0, new Map());
    const b = toSuite({ id: 'b', created_at: '2026-02-01T00:00:00Z' }, 1, new Map());
    expect(newestFirst([a, b]).map((s) => s.id)).toEqual(['b', 'a']);
  });
});
