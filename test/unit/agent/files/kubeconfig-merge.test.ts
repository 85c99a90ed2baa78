import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { mergeKubeconfig, warmUpMerge } from '../../../../src-main/agent/files/kubeconfig-merge';
import { DOWNLOADED as SOURCE, DOWNLOADED_V2 as SOURCE_V2 } from '../../../support/kubeconfigs';

type Entry = { name: string; [k: string]: unknown };
type Kc = Record<string, unknown> & { clusters: Entry[]; users: Entry[]; contexts: Entry[] };
const read = (text: string) => parse(text) as Kc;
const named = (list: Entry[], name: string) => list.filter((e) => e.name === name);

const TARGET = `# Managed by hand — do not lose this comment
apiVersion: v1
clusters:
- cluster:
    server: https://old.example:6443
    extensions:
    - name: client.authentication.k8s.io/exec
      extension: {audience: x}
  name: old # inline comment
contexts:
- context: {cluster: old, user: old, namespace: "0123"}
  name: old
current-context: old
kind: Config
preferences:
  colors: true
users:
- name: old
  user:
    token: 0777
x-custom: yes
`;

describe('mergeKubeconfig', () => {
  it('adds renamed entries and keeps everything else, comments included', () => {
    const res = mergeKubeconfig(TARGET, SOURCE, { name: 'z1-prod' });
    const before = read(TARGET);
    const after = read(res.text);
    expect(res).toMatchObject({ context: 'z1-prod', replaced: false });
    for (const key of ['clusters', 'users', 'contexts'] as const) {
      for (const e of before[key]) expect(named(after[key], e.name)).toEqual([e]);
    }
    expect(after.preferences).toEqual(before.preferences);
    expect(after['x-custom']).toBe(before['x-custom']);
    expect(after['current-context']).toBe('old');
    expect(res.text).toContain('# Managed by hand — do not lose this comment');
    expect(res.text).toContain('# inline comment');
    // Scalars are re-written as they were typed, not as a YAML 1.2 parser would read them.
    expect(res.text).toContain('token: 0777');
    expect(res.text).toContain('namespace: "0123"');
    expect(res.text).toContain('x-custom: yes');
    expect(named(after.contexts, 'z1-prod')).toEqual([
      { name: 'z1-prod', context: { cluster: 'z1-prod', user: 'z1-prod', namespace: 'kube-system' } },
    ]);
    expect(named(after.clusters, 'z1-prod')[0]?.cluster).toEqual({
      'certificate-authority-data': 'Q0EtREFUQQ==',
      server: 'https://10.0.0.1:6443',
    });
    expect(named(after.users, 'z1-prod')[0]?.user).toMatchObject({ 'client-key-data': 'S0VZ' });
  });

  it('replaces on re-merge, in place, without duplicates', () => {
    const once = mergeKubeconfig(TARGET, SOURCE, { name: 'z1-prod' }).text;
    const twice = mergeKubeconfig(once, SOURCE_V2, { name: 'z1-prod' });
    expect(twice.replaced).toBe(true);
    const after = read(twice.text);
    for (const key of ['clusters', 'users', 'contexts'] as const) expect(named(after[key], 'z1-prod')).toHaveLength(1);
    expect((named(after.clusters, 'z1-prod')[0]?.cluster as { server: string }).server).toBe('https://10.0.0.2:6443');
    expect(after.clusters.map((c) => c.name)).toEqual(['old', 'z1-prod']);
  });

  it('collapses duplicates of the name left by other tools', () => {
    const dup = TARGET.replace(
      'contexts:\n',
      'contexts:\n- {name: z1-prod, context: {cluster: a}}\n- {name: z1-prod, context: {cluster: b}}\n',
    );
    const after = read(mergeKubeconfig(dup, SOURCE, { name: 'z1-prod' }).text);
    expect(named(after.contexts, 'z1-prod')).toHaveLength(1);
    expect(after.contexts.map((c) => c.name)).toEqual(['z1-prod', 'old']);
  });

  it('sets current-context only when asked', () => {
    expect(read(mergeKubeconfig(TARGET, SOURCE, { name: 'z-c', setCurrent: true }).text)['current-context']).toBe(
      'z-c',
    );
    const noCurrent = TARGET.replace('current-context: old\n', '');
    expect(read(mergeKubeconfig(noCurrent, SOURCE, { name: 'z-c' }).text)['current-context']).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['whitespace', '  \n'],
    ['comments only', '# nothing yet\n'],
  ])('creates a proper kubeconfig from an %s target', (_label, text) => {
    const res = mergeKubeconfig(text, SOURCE, { name: 'z-c' });
    const kc = read(res.text);
    expect(kc).toMatchObject({ apiVersion: 'v1', kind: 'Config', preferences: {} });
    expect(kc.clusters.map((c) => c.name)).toEqual(['z-c']);
    expect(kc.users.map((c) => c.name)).toEqual(['z-c']);
    expect(kc.contexts.map((c) => c.name)).toEqual(['z-c']);
    expect(kc['current-context']).toBeUndefined();
    if (text.includes('#')) expect(res.text).toContain('# nothing yet');
  });

  it('fills null and empty flow lists with block entries', () => {
    const text = 'apiVersion: v1\nkind: Config\nclusters: null\ncontexts: []\nusers: ~\n';
    const res = mergeKubeconfig(text, SOURCE, { name: 'z-c' });
    expect(read(res.text).contexts).toHaveLength(1);
    expect(res.text).toMatch(/^contexts:\n- /m);
  });

  it('quotes a name a YAML 1.1 reader would take for a number or a date', () => {
    const res = mergeKubeconfig('', SOURCE, { name: '2024-01-02', setCurrent: true });
    expect(res.text).toContain('current-context: "2024-01-02"');
  });

  it.each([
    ['invalid YAML', 'clusters: [\n  - a: b: c\n', /not valid YAML: .*line/],
    ['a list at top level', '- a\n- b\n', /top level is not a mapping/],
    ['clusters that are not a list', 'clusters: {a: 1}\n', /"clusters" is not a list/],
    ['two documents', 'a: 1\n---\nb: 2\n', /not valid YAML/],
    ['duplicate keys', 'kind: Config\nkind: Config\n', /not valid YAML/],
  ])('refuses a target with %s', (_label, text, message) => {
    expect(() => mergeKubeconfig(text, SOURCE, { name: 'z-c', targetLabel: '/h/.kube/config' })).toThrow(
      expect.objectContaining({ code: 'invalid_kubeconfig', message: expect.stringMatching(message) }),
    );
  });

  it('refuses a download that is not a usable kubeconfig', () => {
    const bad = (src: string) => () => mergeKubeconfig(TARGET, src, { name: 'z-c' });
    expect(bad('<html>502 Bad Gateway</html>')).toThrow(expect.objectContaining({ code: 'invalid_kubeconfig' }));
    expect(bad('')).toThrow(/downloaded kubeconfig is empty/);
    expect(bad('apiVersion: v1\nclusters: []\n')).toThrow(/contains no cluster/);
    expect(bad(SOURCE.replace('  name: kubernetes\n', '  name: other\n'))).toThrow(/names cluster "kubernetes"/);
  });

  it('uses the downloaded current-context, resolves aliases and works without contexts', () => {
    const two = SOURCE.replace(
      'contexts:\n',
      'contexts:\n- context: {cluster: nope, user: nope}\n  name: first-but-not-current\n',
    );
    expect(read(mergeKubeconfig('', two, { name: 'z-c' }).text).contexts[0]?.context).toMatchObject({
      namespace: 'kube-system',
    });

    const aliased =
      'clusters:\n- name: c\n  cluster: &cl {server: "https://a"}\nusers:\n- name: u\n  user: {token: t}\nx: *cl\n';
    const kc = read(mergeKubeconfig('', aliased, { name: 'z-c' }).text);
    expect(kc.clusters[0]).toEqual({ name: 'z-c', cluster: { server: 'https://a' } });
    expect(kc.contexts[0]).toEqual({ name: 'z-c', context: { cluster: 'z-c', user: 'z-c' } });
  });

  it('warms up once, on its own sample, and a merge afterwards is the same as before', () => {
    const before = mergeKubeconfig(TARGET, SOURCE, { name: 'z-c', setCurrent: true }).text;
    expect(warmUpMerge()).toBe(true);
    expect(warmUpMerge()).toBe(false);
    expect(mergeKubeconfig(TARGET, SOURCE, { name: 'z-c', setCurrent: true }).text).toBe(before);
  });
});
