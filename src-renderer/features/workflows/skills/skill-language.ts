/** Monaco's language for a skill file, from its name: the editor colours what the file holds. */

const BY_EXTENSION: Record<string, string> = {
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
  jsonc: 'json',
  py: 'python',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  html: 'html',
  htm: 'html',
  css: 'css',
  xml: 'xml',
  sql: 'sql',
  toml: 'ini',
  ini: 'ini',
  go: 'go',
  rs: 'rust',
  rb: 'ruby',
  java: 'java',
  ps1: 'powershell',
  dockerfile: 'dockerfile',
};

const BY_NAME: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'plaintext',
};

/** The file's last segment, lower-cased. */
function baseName(path: string): string {
  return (path.split('/').pop() ?? path).toLowerCase();
}

export function languageOf(path: string): string {
  const base = baseName(path);
  const byName = BY_NAME[base];
  if (byName) return byName;
  const dot = base.lastIndexOf('.');
  if (dot <= 0 && !base.startsWith('.')) return 'plaintext';
  return BY_EXTENSION[base.slice(dot + 1)] ?? 'plaintext';
}

/** Markdown files get a preview beside the editor. */
export function isMarkdown(path: string): boolean {
  return languageOf(path) === 'markdown';
}

/** A skill's main document (SKILL.md, any case): its front matter is checked. */
export function isSkillDoc(path: string): boolean {
  return baseName(path) === 'skill.md';
}
