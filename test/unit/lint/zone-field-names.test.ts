/**
 * Only the record shapes name a zone's fields (issue #22): features, the shell, app-wide state,
 * components, composables and the data layer read and write through each feature's shapes/ folder
 * (src-renderer/features/<area>/shapes/, and the contract's tolerant readers), so
 * what one zone calls a field is known in one place per kind. This test finds field names read or
 * written by hand in those layers; the files listed below still do (records the spec fixes, or the
 * agent's own typed records) and may only leave the list, never join it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LAYERS = [
  'src-renderer/features',
  'src-renderer/shell',
  'src-renderer/state',
  'src-renderer/components',
  'src-renderer/composables',
  'src-renderer/data',
];

/**
 * A tolerant reader called with field names, a snake_case field read off a record-like value, or a
 * record indexed by a quoted name: each names a zone field outside the shapes.
 */
const BY_NAME = [
  /\b(?:pick|timeOf|valueIn|pickText)\(\s*[\w.]+\s*,\s*['"]/,
  /\b(?:raw|rec|record|reply|item|data|run|entry|[a-z])\.[a-z]+_[a-z_]+\b/,
  // Any field read off a row's record (`row.raw.version`, `props.row.raw?.workerCount`): rows have shape readers.
  /\.raw\??\.[A-Za-z_]\w*/,
  /\braw\[['"][^'"]+['"]\]/,
];

/** Still naming fields: move them into shapes/ and take them off. Spec-fixed records are named. */
const NOT_YET: Record<string, string> = {
  'src-renderer/features/applications/deploy-servers.ts': 'workspace deploy_server_id: a field the spec fixes',
  'src-renderer/features/limits/LimitsView.vue': 'the limits record the spec fixes',
  // Not zone fields: the agent's own typed records (contract) spell some names in snake_case.
  'src-renderer/features/identity/ApiClientsView.vue': "the agent's ApiClientView (contract/identity-readers.ts)",
  'src-renderer/features/sandbox/MailboxPanel.vue': "the agent's SandboxMail (contract/commands.ts)",
};

function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    // A feature's shapes/ folder is where its zone field names belong.
    if (statSync(path.join(ROOT, rel)).isDirectory()) return name === 'shapes' ? [] : files(rel);
    return /\.(ts|vue)$/.test(name) ? [rel] : [];
  });
}

/** Code lines only: comments may name fields to explain them. */
function offending(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*|\/\*\*)/.test(l))
    .filter((l) => BY_NAME.some((re) => re.test(l)));
}

describe('zone field names live in the shapes', () => {
  const all = LAYERS.flatMap(files);

  it('no store, view, component or data module names a zone field, but those listed', () => {
    const found = all.filter((f) => offending(readFileSync(path.join(ROOT, f), 'utf8')).length > 0);
    expect(found.filter((f) => !(f in NOT_YET))).toEqual([]);
  });

  it('the list only shrinks: every file on it still names fields', () => {
    const clean = Object.keys(NOT_YET).filter((f) => offending(readFileSync(path.join(ROOT, f), 'utf8')).length === 0);
    expect(clean).toEqual([]);
  });

  it('catches what it is for (a planted read fails)', () => {
    expect(offending("const s = pick(raw, 'draft_spec');")).toHaveLength(1);
    expect(offending('const x = rec.exit_code;')).toHaveLength(1);
    expect(offending('const y = props.row.raw.desired_status;')).toHaveLength(1);
    // A one-word field read off a row's record, in a script or a template.
    expect(offending("const v = typeof props.row.raw.version === 'string';")).toHaveLength(1);
    expect(offending('const u = row.raw.upgrade;')).toHaveLength(1);
    expect(offending(':disabled="workers === open.raw.workers"')).toHaveLength(1);
    expect(offending('const n = r.raw?.workerCount;')).toHaveLength(1);
    expect(offending('// rec.exit_code in a comment is fine')).toHaveLength(0);
  });
});
