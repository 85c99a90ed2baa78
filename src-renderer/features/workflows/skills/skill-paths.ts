/**
 * A skill's file paths ("scripts/count_words.py") as a tree of folders and files for the file
 * pane, and the checks a typed or dropped name passes before it is sent: relative, `/`-separated,
 * no empty, `.` or `..` segments, no backslash, at most 255 characters.
 */

export interface TreeFile {
  kind: 'file';
  name: string;
  path: string;
  depth: number;
}
export interface TreeFolder {
  kind: 'folder';
  name: string;
  path: string;
  depth: number;
  children: TreeNode[];
}
export type TreeNode = TreeFile | TreeFolder;

const MAX_PATH = 255;

/** Why `path` cannot be a skill file's name, or null. */
export function pathProblem(path: string): string | null {
  if (!path) return 'Give the file a name.';
  if (path.length > MAX_PATH) return `The path is longer than ${MAX_PATH} characters.`;
  if (path.includes('\\')) return 'Use “/” between folders, not “\\”.';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'The path contains a control character.';
  if (path.startsWith('/')) return 'The path must be relative (no leading “/”).';
  const segs = path.split('/');
  if (segs.some((s) => s === '')) return 'The path has an empty folder name (“//” or a trailing “/”).';
  if (segs.some((s) => s === '.' || s === '..')) return 'The path may not contain “.” or “..” folders.';
  return null;
}

/** Trims spaces and leading "./" people type; the result still goes through pathProblem. */
export function normalizePath(typed: string): string {
  return typed.trim().replace(/^(\.\/)+/, '');
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function folderOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function joinPath(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name;
}

/** Folders first, then files, each by name (case-insensitive, numbers in order). */
function byKindThenName(a: TreeNode, b: TreeNode): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });
}

/** The tree of `paths`; folders come from the `/` in them (a zone has no empty folders). */
export function buildTree(paths: readonly string[]): TreeNode[] {
  const root: TreeFolder = { kind: 'folder', name: '', path: '', depth: -1, children: [] };
  const folders = new Map<string, TreeFolder>([['', root]]);
  const folder = (path: string): TreeFolder => {
    const known = folders.get(path);
    if (known) return known;
    const parent = folder(folderOf(path));
    const made: TreeFolder = { kind: 'folder', name: baseName(path), path, depth: parent.depth + 1, children: [] };
    parent.children.push(made);
    folders.set(path, made);
    return made;
  };
  for (const p of paths) {
    const parent = folder(folderOf(p));
    parent.children.push({ kind: 'file', name: baseName(p), path: p, depth: parent.depth + 1 });
  }
  const sort = (f: TreeFolder) => {
    f.children.sort(byKindThenName);
    for (const c of f.children) if (c.kind === 'folder') sort(c);
  };
  sort(root);
  return root.children;
}

/** The nodes shown, in order, with folders in `collapsed` closed: what the tree renders row by row. */
export function visibleNodes(tree: readonly TreeNode[], collapsed: ReadonlySet<string>): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (nodes: readonly TreeNode[]) => {
    for (const n of nodes) {
      out.push(n);
      if (n.kind === 'folder' && !collapsed.has(n.path)) walk(n.children);
    }
  };
  walk(tree);
  return out;
}
