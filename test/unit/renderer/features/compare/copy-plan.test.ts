/** A copy's plan as pure data: added, replaced and same items, the target's own left alone, and the report. */
import { describe, expect, it } from 'vitest';
import { planItems, replacesAnything, reportOf } from '../../../../../src-renderer/features/compare/copy-plan';

describe('planning a copy', () => {
  it('marks each source item as added, replacing or already the same, and lists the target’s own', () => {
    const plan = planItems(
      { 'SKILL.md': '# new', 'a.md': 'same', 'b.md': 'b' },
      { 'SKILL.md': '# old', 'a.md': 'same', 'z.md': 'z' },
    );
    expect(plan.items.map((i) => [i.label, i.change, i.before])).toEqual([
      ['SKILL.md', 'replace', '# old'],
      ['a.md', 'same', 'same'],
      ['b.md', 'add', undefined],
    ]);
    expect(plan.onlyInTarget).toEqual(['z.md']);
    expect(replacesAnything(plan.items)).toBe(true);
  });

  it('adds everything into a target that has nothing by that name, asking nothing', () => {
    const plan = planItems({ Draft: '{}' }, undefined);
    expect(plan.items).toEqual([{ label: 'Draft', change: 'add', before: undefined, after: '{}' }]);
    expect(replacesAnything(plan.items)).toBe(false);
  });

  it('marks secret-looking items so the preview masks them', () => {
    const plan = planItems({ API_TOKEN: 'x', PORT: '80' }, {}, (k) => k.includes('TOKEN'));
    expect(plan.items.map((i) => i.secret ?? false)).toEqual([true, false]);
  });

  it('reports what the zone kept', () => {
    expect(reportOf('a', { said: 'same', by: 'readBack' })).toEqual({ label: 'a', outcome: 'kept' });
    expect(reportOf('a', { said: 'differs', kept: 'x', by: 'reply' })).toEqual({
      label: 'a',
      outcome: 'differs',
      detail: 'x',
    });
    expect(reportOf('a', { said: 'unknown' })).toEqual({ label: 'a', outcome: 'unverified' });
  });
});
