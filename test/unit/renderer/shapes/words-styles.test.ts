/**
 * Writing as the zone's records are written: a field where they hold it (nested or in another
 * letter case), a new field in their key style and in the nested record their fields live in, and
 * JSON:API resource objects inside `data`. A query is never nested.
 */
import { describe, expect, it } from 'vitest';
import { field, pathIn, valueIn, worded } from '../../../../src-renderer/shapes/words';

const NAME = field('skill.name', 'name', 'display_name', 'title');
const DESCRIPTION = field('skill.description', 'description', 'summary');
const DRAFT = field('workflow.draft', 'draft_spec', 'spec', 'definition');

describe('writing in the zone’s structure and style', () => {
  it('writes a Kubernetes-style record’s name in metadata and its other fields in spec', () => {
    const like = [
      {
        apiVersion: 'v1',
        kind: 'Skill',
        metadata: { name: 'a', uid: 'u' },
        spec: { description: 'x', files: 2, owner: 'me' },
      },
    ];
    expect(
      worded(
        [
          [NAME, 'b'],
          [DESCRIPTION, 'd'],
        ],
        like,
      ).values,
    ).toEqual({ metadata: { name: 'b' }, spec: { description: 'd' } });
    expect(
      worded(
        [
          [NAME, 'b'],
          [DRAFT, { nodes: [] }],
        ],
        like,
      ).values,
    ).toEqual({
      metadata: { name: 'b' },
      spec: { draftSpec: { nodes: [] } },
    });
  });

  it('writes a JSON:API resource object inside data, with its type', () => {
    const like = [{ type: 'skills', id: '1', attributes: { displayName: 'a', description: 'x', fileCount: 1 } }];
    expect(
      worded(
        [
          [NAME, 'b'],
          [DESCRIPTION, 'd'],
        ],
        like,
      ).values,
    ).toEqual({
      data: { type: 'skills', attributes: { displayName: 'b', description: 'd' } },
    });
  });

  it('finds a field in another letter case, and names a new one in the zone’s style', () => {
    const google = [{ name: 'zones/z/skills/1', displayName: 'a', createTime: 't', updateTime: 't' }];
    expect(
      worded(
        [
          [NAME, 'b'],
          [DRAFT, 's'],
        ],
        google,
      ).values,
      // Google's `name` holds a resource path, no name a person reads: the human name is `displayName`.
    ).toEqual({ displayName: 'b', draftSpec: 's' });
    const aws = [{ SkillId: 's-1', Name: 'a', CreationTime: 't', FileCount: 2 }];
    expect(
      worded(
        [
          [NAME, 'b'],
          [DRAFT, 's'],
        ],
        aws,
      ).values,
    ).toEqual({ Name: 'b', DraftSpec: 's' });
    expect(pathIn(aws[0], NAME)).toEqual(['Name']);
    expect(valueIn({ metadata: { name: 'deep' } }, NAME)).toBe('deep');
  });

  it('keeps an ordinary zone’s words, flat, with their roles for the agent', () => {
    const w = worded(
      [
        [NAME, 'b'],
        [DESCRIPTION, 'd'],
      ],
      [{ id: 1, title: 'a', summary: 'x' }],
    );
    expect(w.values).toEqual({ title: 'b', summary: 'd' });
    expect(w.words.title).toMatchObject({ role: 'skill.name', firm: true });
    expect(worded([[NAME, 'b']]).values).toEqual({ name: 'b' });
  });

  it('never nests a query', () => {
    const like = [{ metadata: { name: 'a' } }];
    expect(worded([[NAME, 'b']], like, 'query').values).toEqual({ name: 'b' });
  });
});
