import { describe, expect, it } from 'vitest';
import { field, nameIn, unreadFields, valueIn, worded, namesOf } from '../../../../src-renderer/shapes/words';

const draft = field('workflow.draft', 'draft_spec', 'spec', 'definition');
const name = field('workflow.name', 'name', 'display_name', 'title');

describe('field words', () => {
  it('reads a field under whichever of its names the record uses', () => {
    expect(valueIn({ definition: { nodes: [] } }, draft)).toEqual({ nodes: [] });
    expect(nameIn({ spec: 1 }, draft)).toBe('spec');
    expect(valueIn({ other: 1 }, draft)).toBeUndefined();
    expect(valueIn('not a record', draft)).toBeUndefined();
  });

  it("writes under the zone's own name, firm, and under the default otherwise", () => {
    const w = worded(
      [
        [draft, { nodes: [] }],
        [name, 'a'],
      ],
      { id: 'w1', definition: {}, title: 'old' },
    );
    expect(w.values).toEqual({ definition: { nodes: [] }, title: 'a' });
    expect(w.words.definition).toEqual({ role: 'workflow.draft', alts: ['draft_spec', 'spec'], firm: true });
    const d = worded([[draft, {}]]);
    expect(d.values).toEqual({ draft_spec: {} });
    expect(d.words.draft_spec?.firm).toBeUndefined();
  });

  it("takes a create's names from the zone's other records and leaves undefined values out", () => {
    const w = worded(
      [
        [name, 'n'],
        [draft, undefined],
      ],
      [{ id: 1 }, { display_name: 'x' }],
    );
    expect(w.values).toEqual({ display_name: 'n' });
  });

  it('names the fields no shape reads', () => {
    expect(unreadFields({ name: 1, spec: 2, colour: 3, weight: 4 }, namesOf(draft, name))).toEqual([
      'colour',
      'weight',
    ]);
  });
});
