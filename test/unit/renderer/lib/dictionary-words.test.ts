/**
 * The dictionary's words on screen: the sentence above a list (one role or two, the kind in words,
 * a long field list counted), values as short text (never markup), a listed field's path when a
 * key holds a dot, and the choices for a role (tied fields first, the field read now, then the rest,
 * each once, with its value in the record).
 */
import { describe, expect, it } from 'vitest';
import { fieldChoices, pathOf, readGapSentence, valueText } from '../../../../src-renderer/lib/dictionary-words';
import type { KindEntry } from '../../../../src-main/contract/dictionary/dictionary-types';

describe('readGapSentence', () => {
  it('names the kind in words and the fields the records carry', () => {
    expect(readGapSentence('container', ['name'], ['a', 'b', 'c'])).toBe(
      'This zone’s containers have no field Zonedeck reads as their name; their fields are: a, b, c.',
    );
  });

  it('names both roles when name and state are missing, and counts a long field list', () => {
    const fields = Array.from({ length: 15 }, (_, i) => `f${i}`);
    const s = readGapSentence('vpn_gateway', ['name', 'state'], fields);
    expect(s).toContain('This zone’s VPN gateways have no field Zonedeck reads as their name or state;');
    expect(s).toContain('f11 and 3 more.');
    expect(s).not.toContain('f12');
  });
});

describe('valueText', () => {
  it('shows strings as they are, the rest as JSON, on one line, cut short', () => {
    expect(valueText('running')).toBe('running');
    expect(valueText(512)).toBe('512');
    expect(valueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(valueText('<b>bold</b>\nnext')).toBe('<b>bold</b> next');
    expect(valueText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(valueText(undefined)).toBe('');
  });
});

describe('pathOf', () => {
  it('reads a dotted field as a nested path, or as one key when the record has that key', () => {
    expect(pathOf('metadata.name', { metadata: { name: 'web-1' } })).toEqual(['metadata', 'name']);
    expect(pathOf('app.kubernetes.io', { 'app.kubernetes.io': 'x' })).toEqual(['app.kubernetes.io']);
    expect(pathOf('status', {})).toEqual(['status']);
    expect(pathOf('__proto__', {})).toBeNull();
  });
});

describe('fieldChoices', () => {
  const entry: KindEntry = {
    read: { name: { path: ['nm'], from: 'inferred' } },
    unsure: { state: [['s2'], ['s1']] },
    fields: ['id', 'nm', 's1', 's2', 'meta.made'],
  };
  const sample = { id: 'c-1', nm: 'web-1', s1: 'running', s2: 'stopped', meta: { made: '2026-01-01' } };

  it('lists the tied fields first, then every field once, each with its value in the record', () => {
    const state = fieldChoices(entry, entry.fields!, 'state', sample);
    expect(state.map((c) => [c.text, c.value, c.tied])).toEqual([
      ['s2', 'stopped', true],
      ['s1', 'running', true],
      ['id', 'c-1', false],
      ['nm', 'web-1', false],
      ['meta.made', '2026-01-01', false],
    ]);
    expect(state.at(-1)!.path).toEqual(['meta', 'made']);
  });

  it('puts the field read now before the others, and shows no value without a record', () => {
    const name = fieldChoices(entry, ['id', 'nm'], 'name', undefined);
    expect(name.map((c) => c.text)).toEqual(['nm', 'id']);
    expect(name.every((c) => c.value === '')).toBe(true);
  });
});

describe('a tag list’s entry on screen', () => {
  const ec2 = {
    ContainerId: 'c-1',
    Tags: [
      { Key: 'Env', Value: 'prod' },
      { Key: 'Name', Value: 'web-1' },
    ],
  };

  it('reads a listed tag entry back as its path', () => {
    expect(pathOf('Tags[Key=Name].Value', ec2)).toEqual([{ list: 'Tags', key: 'Key', match: 'Name', value: 'Value' }]);
  });

  it('offers the tags of the record shown, even when the kind’s stored fields predate tags', () => {
    const name = fieldChoices({ read: {}, fields: ['ContainerId', 'Tags'] }, ['ContainerId', 'Tags'], 'name', ec2);
    expect(name.map((c) => c.text)).toEqual(['ContainerId', 'Tags', 'Tags[Key=Env].Value', 'Tags[Key=Name].Value']);
    expect(name.at(-1)!.value).toBe('web-1');
  });
});
