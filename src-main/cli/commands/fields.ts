/**
 * `zonedeck fields <zone> [kind] [role=field ...]`: how Zonedeck reads a zone's records (the
 * zone's dictionary: contract/dictionary/), seen and fixed from the terminal as in the app's
 * "How Zonedeck reads this zone". `name=metadata.name` chooses a field, `name=` forgets the
 * choice, --reset forgets the kind (or the whole zone).
 */
import {
  pathsOfText,
  pathText,
  READ_ROLES,
  type FieldPath,
  type ReadRole,
  type ZoneDictionary,
} from '../../contract/dictionary/dictionary-types';
import { KIND_WORDS } from '../../contract/dictionary/record-kinds';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import { type Output, table } from '../output';
import { resolveZone } from '../resolve';

const KINDS = Object.keys(KIND_WORDS);

function usage(message: string): CliError {
  return new CliError(message, EXIT.usage, 'invalid_input');
}

/**
 * `role=field.path` → the role and the path (empty: forget the choice). A dotted text is a key and
 * the key inside it (`metadata.name`); `Tags[Key=Name].Value` is the entry of a tag list.
 */
export function parseSet(text: string): { role: ReadRole; path: FieldPath | null } {
  const at = text.indexOf('=');
  const role = text.slice(0, at) as ReadRole;
  if (at <= 0 || !READ_ROLES.includes(role))
    throw usage(`Say a field as <role>=<field>, the role one of ${READ_ROLES.join(', ')}; not “${text}”.`);
  const field = text.slice(at + 1);
  if (field === '') return { role, path: null };
  // Typed with no record at hand, a dotted key is read as parent.name (the app tells a key with a dot by the record).
  const paths = pathsOfText(field);
  const path = field.includes('.') && !field.includes('[') ? paths.find((p) => p.length === 2) : paths[0];
  if (!path)
    throw usage(
      `“${field}” is not a field of a record (a name, parent.name, or a tag list's entry such as Tags[Key=Name].Value).`,
    );
  return { role, path };
}

function rows(dict: ZoneDictionary | undefined, only?: string): string[][] {
  const out: string[][] = [];
  for (const [kind, entry] of Object.entries(dict?.kinds ?? {})) {
    if (only && kind !== only) continue;
    for (const role of READ_ROLES) {
      const e = entry.read[role];
      const tied = entry.unsure?.[role];
      if (e) out.push([kind, role, pathText(e.path), e.from]);
      else if (tied) out.push([kind, role, tied.length ? `? ${tied.map(pathText).join(' | ')}` : '?', 'unsure']);
    }
  }
  return out;
}

export async function fieldsCommand(
  link: AgentLink,
  out: Output,
  zoneRef: string,
  kind: string | undefined,
  sets: string[],
  f: { reset?: boolean },
): Promise<void> {
  if (kind !== undefined && !KINDS.includes(kind))
    throw usage(`There is no record kind “${kind}”. Kinds: ${KINDS.join(', ')}.`);
  if (sets.length > 0 && !kind)
    throw usage('Name the kind whose field you choose: zonedeck fields <zone> <kind> name=<field>.');
  const changes = sets.map(parseSet);
  let zone = await resolveZone(link, zoneRef);
  if (f.reset) zone = await link.invoke('dictionary.reset', { zone: zone.id, ...(kind ? { kind } : {}) });
  for (const c of changes)
    zone = await link.invoke('dictionary.choose', {
      zone: zone.id,
      kind: kind!,
      role: c.role,
      path: c.path && [...c.path],
    });
  const lines = rows(zone.dictionary, kind);
  const data = { zone: zone.name, dictionary: zone.dictionary ?? { kinds: {} } };
  if (lines.length === 0) {
    out.result(
      `Zonedeck has read no ${kind ? KIND_WORDS[kind as keyof typeof KIND_WORDS] : 'records'} of ${zone.name} yet: open a list, or run a command that lists them.`,
      data,
    );
    return;
  }
  out.result(table(['KIND', 'ROLE', 'FIELD', 'HOW'], lines), data);
}
