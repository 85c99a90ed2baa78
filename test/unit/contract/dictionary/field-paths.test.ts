/**
 * A field's path as the dictionary keeps it: keys, nested keys and the entry of a key/value tag
 * list (`Tags[Key=Name].Value`) — read from a record, shown and typed as text and back, checked
 * (never a prototype key, never an entry whose key and value are one member).
 */
import { describe, expect, it } from 'vitest';
import {
  isFieldPath,
  pathsOfText,
  pathText,
  samePath,
  valueAt,
  type EntryStep,
} from '../../../../src-main/contract/dictionary/field-paths';

const nameTag: EntryStep = { list: 'Tags', key: 'Key', match: 'Name', value: 'Value' };
const ec2 = {
  InstanceId: 'i-0abc1234def567890',
  Tags: [
    { Key: 'Env', Value: 'prod' },
    { Key: 'Name', Value: 'web-1' },
  ],
  Spec: { Labels: [{ name: 'Name', value: 'inner' }] },
};

describe('field paths', () => {
  it('reads a key, a nested key and a tag list’s entry', () => {
    expect(valueAt(ec2, ['InstanceId'])).toBe('i-0abc1234def567890');
    expect(valueAt(ec2, [nameTag])).toBe('web-1');
    expect(valueAt(ec2, ['Spec', { list: 'Labels', key: 'name', match: 'Name', value: 'value' }])).toBe('inner');
    expect(valueAt(ec2, [{ ...nameTag, match: 'Owner' }])).toBeUndefined();
    expect(valueAt({ Tags: 'not a list' }, [nameTag])).toBeUndefined();
    expect(valueAt({ a: 'x' }, ['a', 'b'])).toBeUndefined();
  });

  it('shows a path as text and reads the text back', () => {
    expect(pathText([nameTag])).toBe('Tags[Key=Name].Value');
    expect(pathText(['Spec', nameTag])).toBe('Spec.Tags[Key=Name].Value');
    expect(pathsOfText('Tags[Key=Name].Value')).toEqual([[nameTag]]);
    expect(pathsOfText('Spec.Tags[Key=Name].Value')).toEqual([['Spec', nameTag]]);
    // A tag key may hold dots (`app.kubernetes.io`); a plain key with a dot is a key or two.
    expect(pathsOfText('labels[key=app.name].value')[0]).toEqual([
      { list: 'labels', key: 'key', match: 'app.name', value: 'value' },
    ]);
    expect(pathsOfText('metadata.name')).toEqual([['metadata.name'], ['metadata', 'name']]);
  });

  it('checks every step: identifier-like keys, never a prototype key, two members for an entry', () => {
    expect(isFieldPath([nameTag])).toBe(true);
    expect(isFieldPath(['Spec', nameTag])).toBe(true);
    expect(isFieldPath(['a', 'b', 'c'])).toBe(false);
    expect(isFieldPath([{ ...nameTag, list: '__proto__' }])).toBe(false);
    expect(isFieldPath([{ ...nameTag, match: 'constructor' }])).toBe(false);
    expect(isFieldPath([{ ...nameTag, value: 'Key' }])).toBe(false);
    expect(isFieldPath([{ ...nameTag, extra: 1 }])).toBe(false);
    expect(pathsOfText('__proto__[Key=Name].Value')).toEqual([]);
  });

  it('tells two paths apart by what they name', () => {
    expect(samePath([nameTag], [{ ...nameTag }])).toBe(true);
    expect(samePath([nameTag], [{ ...nameTag, match: 'Owner' }])).toBe(false);
    expect(samePath(['Tags'], [nameTag])).toBe(false);
  });
});
