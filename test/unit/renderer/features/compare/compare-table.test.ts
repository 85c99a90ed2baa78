/**
 * The compare table as pure data: workflows, skills, config vars, clusters and limits read from
 * zones that answer in different dialects (field names, draft names, envelopes) compare by meaning;
 * the origin comes first and equality is by contents, never ids or times.
 */
import { describe, expect, it } from 'vitest';
import {
  clusterReading,
  limitsReading,
  skillReading,
  varsReading,
  workflowReading,
} from '../../../../../src-renderer/features/compare/compare-readers';
import {
  compareRow,
  docChanges,
  findByName,
  type ZoneSide,
} from '../../../../../src-renderer/features/compare/compare-table';
import { looksSecret, MASK, varsText } from '../../../../../src-renderer/features/compare/secret-keys';
import { toSkillRow } from '../../../../../src-renderer/features/workflows/shapes/skill';
import { versionRowsOf } from '../../../../../src-renderer/features/workflows/shapes/version-record';
import { oneRow } from '../../../../support/readers';

const skillRow = oneRow(toSkillRow, 'skill');

const spec = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'out', type: 'output' },
  ],
  edges: [{ from: 'in', to: 'out' }],
};
// The same spec with keys in another order, as another zone may hold it.
const sameSpec = {
  edges: [{ to: 'out', from: 'in' }],
  nodes: [
    { type: 'input', id: 'in' },
    { type: 'output', id: 'out' },
  ],
};
const zone = (id: string) => ({ id, name: id, color: '#123456' });

describe('workflow readings across dialects', () => {
  const standard = workflowReading(
    { id: 'w1', name: 'flow', draft_spec: spec, latest_version: 2, deployment: { primary: { version: 2 } } },
    versionRowsOf({
      items: [
        { version: 1, spec },
        { version: 2, spec },
      ],
    }),
  );
  const seeded = workflowReading(
    { workflow_id: 'x9', display_name: 'flow', definition: JSON.stringify(sameSpec), version: '2' },
    versionRowsOf([{ version_number: 1, spec: sameSpec }]),
  );

  it('reads version, deployed version and documents whatever the zone calls them', () => {
    expect(standard).toMatchObject({ id: 'w1', version: 'v2', deployed: 'v2' });
    expect(Object.keys(standard.docs)).toEqual(['Draft', 'Version 2', 'Version 1']);
    expect(seeded).toMatchObject({ id: 'x9', version: 'v2' });
    expect(Object.keys(seeded.docs)).toEqual(['Draft', 'Version 1']);
  });

  it('is equal when the drafts hold the same spec, in any key order or as JSON text', () => {
    expect(seeded.digest).toBe(standard.digest);
    expect(seeded.docs.Draft).toBe(standard.docs.Draft);
    const other = workflowReading({ id: 'w2', name: 'flow', spec: { ...spec, nodes: [] } }, []);
    expect(other.digest).not.toBe(standard.digest);
  });

  it('tables present, absent and unreadable zones with the origin first', () => {
    const other = workflowReading({ id: 'w2', name: 'flow', spec: { ...spec, nodes: [] } }, []);
    const sides: ZoneSide[] = [
      { zone: zone('us-1'), state: 'present', reading: seeded },
      { zone: zone('ap-1'), state: 'absent' },
      { zone: zone('eu-1'), state: 'present', reading: standard },
      { zone: zone('sa-1'), state: 'present', reading: other },
      { zone: zone('af-1'), state: 'error', message: 'unreachable' },
    ];
    const row = compareRow('eu-1', sides);
    expect(row.map((c) => [c.zone.id, c.state, c.equal])).toEqual([
      ['eu-1', 'present', true],
      ['us-1', 'present', true],
      ['ap-1', 'absent', undefined],
      ['sa-1', 'present', false],
      ['af-1', 'error', undefined],
    ]);
    expect(row[0]!.origin).toBe(true);
  });

  it('says nothing is equal when the origin itself is absent', () => {
    const row = compareRow('eu-1', [
      { zone: zone('eu-1'), state: 'absent' },
      { zone: zone('us-1'), state: 'present', reading: seeded },
    ]);
    expect(row[1]!.equal).toBeUndefined();
  });
});

describe('finding the same name', () => {
  const rows = [{ n: 'Flow' }, { n: 'flow-2' }, { n: 'other' }];
  it('takes the exact name, else the one that matches ignoring case', () => {
    expect(findByName(rows, (r) => r.n, 'Flow')).toBe(rows[0]);
    expect(findByName(rows, (r) => r.n, 'FLOW')).toBe(rows[0]);
    expect(findByName(rows, (r) => r.n, 'missing')).toBeUndefined();
  });
  it('takes none when two names match ignoring case', () => {
    expect(findByName([{ n: 'A' }, { n: 'a' }], (r) => r.n, 'A')?.n).toBe('A');
    expect(findByName([{ n: 'Ab' }, { n: 'aB' }], (r) => r.n, 'ab')).toBeUndefined();
  });
});

describe('skills, file by file', () => {
  const row = (raw: Record<string, unknown>) => skillRow(raw, 0);
  const a = skillReading(row({ id: 's1', name: 'summarize' }), [
    { path: 'SKILL.md', text: '# A' },
    { path: 'notes.md', text: 'n' },
  ]);
  const b = skillReading(row({ skill_id: 's2', title: 'summarize' }), [
    { path: 'notes.md', text: 'n' },
    { path: 'SKILL.md', text: '# B' },
    { path: 'extra.py', text: 'x' },
  ]);

  it('says which files were added, removed or changed', () => {
    expect(docChanges(a, b)).toEqual([
      { label: 'SKILL.md', change: 'changed' },
      { label: 'notes.md', change: 'same' },
      { label: 'extra.py', change: 'right' },
    ]);
    expect(a.note).toBe('2 files');
    expect(b.id).toBe('s2');
  });

  it('is equal only when the same paths hold the same texts, in any order', () => {
    const again = skillReading(row({ uuid: 'u', display_name: 'summarize' }), [
      { path: 'notes.md', text: 'n' },
      { path: 'SKILL.md', text: '# A' },
    ]);
    expect(again.digest).toBe(a.digest);
    expect(b.digest).not.toBe(a.digest);
  });
});

describe('config vars', () => {
  const vars = { API_TOKEN: 's3cr3t', DB_PASSWORD: 'pw', LOG_LEVEL: 'debug' };

  it('masks secret-looking values until revealed, and never shows their digest', () => {
    const r = varsReading('c1', vars, false);
    expect(r.docs['Config vars']).toBe(`API_TOKEN=${MASK}\nDB_PASSWORD=${MASK}\nLOG_LEVEL=debug`);
    expect(r.docs['Config vars']).not.toContain('s3cr3t');
    expect(r.digestPrivate).toBe(true);
    expect(varsReading('c1', vars, true).docs['Config vars']).toContain('API_TOKEN=s3cr3t');
  });

  it('compares the real values, masked or not', () => {
    expect(varsReading('a', vars, false).digest).toBe(varsReading('b', { ...vars }, true).digest);
    expect(varsReading('a', { ...vars, API_TOKEN: 'other' }, false).digest).not.toBe(
      varsReading('b', vars, false).digest,
    );
  });

  it('knows the usual secret names', () => {
    for (const k of ['SECRET_KEY', 'GITHUB_TOKEN', 'db_password', 'AWS_ACCESS_KEY_ID', 'SENTRY_DSN', 'API_KEY'])
      expect(looksSecret(k)).toBe(true);
    for (const k of ['LOG_LEVEL', 'PORT', 'REGION']) expect(looksSecret(k)).toBe(false);
    expect(varsText({ B: '1', A: '2' }, false)).toBe('A=2\nB=1');
  });
});

describe('clusters and limits', () => {
  it('compares a cluster by version and worker count under any name', () => {
    const a = clusterReading({ id: 'k1', name: 'main', version: '1.30.2', workers: 3 }, 'k1');
    const b = clusterReading({ cluster_id: 'k2', title: 'main', version: '1.30.2', worker_count: 3 }, 'k2');
    expect(a).toMatchObject({ version: '1.30.2', note: '3 workers' });
    expect(b.digest).toBe(a.digest);
    expect(clusterReading({ version: '1.31.0', workers: 3 }, 'k3').digest).not.toBe(a.digest);
  });

  it('compares limits without the tenant or the time', () => {
    const base = {
      tenant_id: 't1',
      max_cpu_cores: 64,
      max_ram_gib: 256,
      max_storage_gib: 2048,
      max_vpcs: 5,
      max_vms_per_vpc: 50,
      max_llm_tokens_month: 5_000_000,
      updated_at: '2026-01-01T00:00:00Z',
    };
    const a = limitsReading(base);
    const b = limitsReading({ ...base, tenant_id: 't2', updated_at: '2026-02-01T00:00:00Z' });
    expect(b.digest).toBe(a.digest);
    expect(a.docs.Limits).not.toContain('tenant');
    expect(limitsReading({ ...base, max_vpcs: 6 }).digest).not.toBe(a.digest);
    expect(a.changedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
