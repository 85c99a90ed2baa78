/**
 * Skills: CRUD on {name, description} plus files. File selection (the spec leaves it open) is the
 * query parameter `path` (relative, "/"-separated, no "..", at most 255 characters) on DELETE and
 * GET files/content; PUT files takes {path, content} (201 created, 200 replaced); GET files lists
 * {path, size, updated_at}, optionally narrowed with `prefix`.
 */
import type { SandboxModule, SandboxRequest } from '../core/types';
import { iso } from '../kit/clock';
import { ScopedCollections } from '../kit/collection';
import { crudHandlers } from '../kit/crud';
import { badRequest, body, list, noContent, notFound, ok, optStr, str, text } from '../kit/http';

interface SkillFile {
  content: string;
  updated_at: string;
}

interface Skill {
  id: string;
  name: string;
  description: string;
  created_at: string;
  updated_at: string;
  files: Map<string, SkillFile>;
}

function filePath(raw: unknown): string {
  if (
    typeof raw !== 'string' ||
    raw === '' ||
    raw.length > 255 ||
    raw.startsWith('/') ||
    raw.split('/').some((s) => s === '' || s === '..' || s === '.')
  ) {
    badRequest('path must be a relative file path without "..", at most 255 characters', { field: 'path' });
  }
  return raw;
}

export const skillsModule: SandboxModule = (world) => {
  const make = (name: string, description: string): Skill => ({
    id: world.uuid(),
    name,
    description,
    created_at: iso(world),
    updated_at: iso(world),
    files: new Map(),
  });
  const store = new ScopedCollections<Skill>(world, 'skill', (c) => {
    const s = c.add(make('summarize', 'Summarises long documents.'));
    s.files.set('SKILL.md', {
      content: '# Summarize\nRead the input and write five bullet points.\n',
      updated_at: s.created_at,
    });
    s.files.set('scripts/count_words.py', {
      content: 'import sys\nprint(len(sys.stdin.read().split()))\n',
      updated_at: s.created_at,
    });
  });
  const skill = (req: SandboxRequest) => store.for(req).get(req.params.id ?? '');
  const file = (s: Skill, req: SandboxRequest) => {
    const path = filePath(req.query.get('path') ?? undefined);
    return { path, f: s.files.get(path) ?? notFound('file', path) };
  };

  return {
    http: {
      ...crudHandlers<Skill>({
        area: 'skills',
        store,
        view: ({ files, ...s }) => ({ ...s, file_count: files.size }),
        create: (b) => make(str(b, 'name'), optStr(b, 'description') ?? ''),
        update: (s, b) => {
          if (b.name !== undefined) s.name = str(b, 'name');
          if (b.description !== undefined) s.description = optStr(b, 'description') ?? '';
          s.updated_at = iso(world);
        },
      }),
      'skills.files.list': (req) => {
        const prefix = req.query.get('prefix') ?? '';
        const files = [...skill(req).files]
          .filter(([p]) => p.startsWith(prefix))
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return list(files.map(([path, f]) => ({ path, size: Buffer.byteLength(f.content), updated_at: f.updated_at })));
      },
      'skills.files.put': (req) => {
        const s = skill(req);
        const b = body(req);
        const path = filePath(b.path);
        if (typeof b.content !== 'string') badRequest('content must be a string', { field: 'content' });
        const existed = s.files.has(path);
        s.files.set(path, { content: b.content, updated_at: iso(world) });
        s.updated_at = iso(world);
        return ok({ path, size: Buffer.byteLength(b.content), updated_at: s.updated_at }, existed ? 200 : 201);
      },
      'skills.files.delete': (req) => {
        const s = skill(req);
        s.files.delete(file(s, req).path);
        return noContent();
      },
      'skills.files.content': (req) => text(file(skill(req), req).f.content),
    },
  };
};
