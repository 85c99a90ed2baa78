/**
 * Inference beyond plain keys and by the shape of a value: a record named only by a tag (AWS's
 * `Tags: [{Key: "Name", Value}]`, `[{key, value}]`, `[{name, value}]`, a map of labels) reads by
 * that tag, and only a tag whose key means a name; an id shaped only as ids are (a UUID) is told
 * from a bare number (a port, 51820); a key or token is never a name.
 */
import { describe, expect, it } from 'vitest';
import { inferFields } from '../../../../src-main/contract/dictionary/infer-fields';
import { kindReader } from '../../../../src-main/contract/dictionary/kind-reader';
import { entryMembers, recordFields } from '../../../../src-main/contract/dictionary/field-stats';
import { pathText, type FieldPath } from '../../../../src-main/contract/dictionary/field-paths';
import { isNameLike } from '../../../../src-main/contract/dictionary/value-shapes';

const ids = [
  '3f0c1a2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  'c0ffee00-1111-4222-8333-444455556666',
];
const names = ['web-1', 'db-1', 'worker-7'];
const text = (p: FieldPath | undefined) => (p ? pathText(p) : undefined);
const ec2 = (i: number, tags = [{ Key: 'Name', Value: names[i] }]) => ({
  ContainerId: ids[i],
  Tags: [{ Key: 'Env', Value: 'prod' }, ...tags],
  State: { Name: 'running', Code: 16 },
  Image: 'nginx:1.27',
  LaunchTime: '2026-01-01T10:00:00Z',
});

describe('a name held in a tag list', () => {
  it('reads an EC2-style record by its Name tag, and the reader reads each row by it', () => {
    const recs = [0, 1, 2].map((i) => ec2(i));
    const got = inferFields(recs, 'container');
    expect(text(got.read.name)).toBe('Tags[Key=Name].Value');
    expect(got.fields).toContain('Tags[Key=Name].Value');
    expect(got.fields).toContain('Tags[Key=Env].Value');
    const r = kindReader(undefined, recs, 'container');
    expect(recs.map((x) => r.name(x))).toEqual(names);
    expect(r.entry().read.name).toEqual({
      path: [{ list: 'Tags', key: 'Key', match: 'Name', value: 'Value' }],
      from: 'inferred',
    });
  });

  it('reads the tag in any list style: [{key, value}], [{name, value}], nested, and a map of labels', () => {
    const styles: ((i: number) => Record<string, unknown>)[] = [
      (i: number) => ({ id: ids[i], tags: [{ key: 'name', value: names[i] }] }),
      (i: number) => ({ id: ids[i], labels: [{ name: 'display-name', value: names[i] }] }),
      (i: number) => ({ id: ids[i], spec: { Tags: [{ Key: 'Name', Value: names[i] }] } }),
      (i: number) => ({ id: ids[i], labels: { name: names[i], team: 'core' } }),
    ];
    const got = styles.map((f) => text(inferFields([0, 1, 2].map(f), 'container').read.name));
    expect(got).toEqual([
      'tags[key=name].value',
      'labels[name=display-name].value',
      'spec.Tags[Key=Name].Value',
      'labels.name',
    ]);
  });

  it('takes no tag whose key does not mean a name, unique or not, nor a tag for another role', () => {
    const recs = [0, 1, 2].map((i) => ({
      ContainerId: ids[i],
      Tags: [
        { Key: 'Owner', Value: ['ann', 'bob', 'cid'][i] },
        { Key: 'State', Value: 'running' },
        { Key: 'Uid', Value: ids[(i + 1) % 3] },
      ],
    }));
    const got = inferFields(recs, 'container');
    expect(got.read.name).toBeUndefined();
    expect(got.read.state).toBeUndefined();
    expect(text(got.read.id)).toBe('ContainerId');
  });

  it('knows a key/value list by its entries, not by its members’ names', () => {
    expect(entryMembers([{ Key: 'Name', Value: 'x' }])).toEqual({ key: 'Key', value: 'Value' });
    expect(
      entryMembers([
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
      ]),
    ).toEqual({ key: 'k', value: 'v' });
    // A port list's protocol names each entry no better than its port: the entries repeat a key.
    expect(
      entryMembers([
        { port: 80, protocol: 'tcp' },
        { port: 443, protocol: 'tcp' },
      ]),
    ).toBeUndefined();
    expect(entryMembers([{ Key: 'a', Value: 1, Extra: 2 }])).toBeUndefined();
    expect(entryMembers([{ Key: '__proto__', Value: 1 }])).toBeUndefined();
    expect(entryMembers(['a', 'b'])).toBeUndefined();
  });

  it('lists a record’s own fields, tags included, for the person choosing', () => {
    expect(recordFields(ec2(0))).toEqual([
      'ContainerId',
      'Tags[Key=Env].Value',
      'Tags[Key=Name].Value',
      'State.Name',
      'State.Code',
      'Image',
      'LaunchTime',
    ]);
  });
});

describe('the shape of a value', () => {
  it('tells a lone record’s UUID from a port number: the UUID is its id', () => {
    const lone = [{ a: ids[0], b: 'office', c: '10.8.0.0/24', d: 51820, e: 'ACTIVE' }];
    const got = inferFields(lone, 'vpn_gateway');
    expect(text(got.read.id)).toBe('a');
    expect(got.unsure.id).toBeUndefined();
  });

  it('still ties two UUIDs in a lone record (its own id and a reference): nothing is guessed', () => {
    const got = inferFields([{ a: ids[0], r: ids[1], n: 'shop' }], 'workspace');
    expect(got.unsure.id).toEqual([['a'], ['r']]);
  });

  it('takes no key or token for a name (a WireGuard key has no slash in one of four)', () => {
    expect(isNameLike('13uAXwDZhP5kzey9JuAXfh24Rep8b1F+YAO9peahpw4=')).toBe(false);
    expect(isNameLike('c3VwZXIgc2VjcmV0IHRva2Vu==')).toBe(false);
    expect(isNameLike('ProductionCluster2024')).toBe(true);
    expect(isNameLike('web-1')).toBe(true);
    const got = inferFields(
      [{ a: ids[0], n: 'office', k: '13uAXwDZhP5kzey9JuAXfh24Rep8b1F+YAO9peahpw4=' }],
      'vpn_gateway',
    );
    expect(text(got.read.name)).toBe('n');
  });
});
