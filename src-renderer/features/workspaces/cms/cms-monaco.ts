/**
 * The CMS command language in Monaco (`zd-cms`): colours for quotes, flags and comments, and
 * completion of the common subcommands with their docs. Registered once per Monaco; takes the
 * loaded Monaco as an argument so this module never pulls Monaco into the first bundle.
 */
import type * as Monaco from 'monaco-editor';
import { parseScript } from './cms-command-line';
import { suggest } from './cms-completion';

export const CMS_LANGUAGE = 'zd-cms';

let registered = false;

const MONARCH: Monaco.languages.IMonarchLanguage = {
  defaultToken: '',
  groups: /\b(?:wp|plugin|theme|post|page|option|menu|user|cache|rewrite)\b/,
  tokenizer: {
    root: [
      [/#.*$/, 'comment'],
      [/--?[\w-]+(?==)/, { token: 'attribute.name', next: '@value' }],
      [/--?[\w-]+/, 'attribute.name'],
      [/"/, { token: 'string.quote', next: '@dq' }],
      [/'/, { token: 'string.quote', next: '@sq' }],
      [/\\./, 'string.escape'],
      [/\\/, 'keyword'],
      [/@groups/, 'keyword'],
      [/[^\s"'\\]+/, ''],
      [/\s+/, ''],
    ],
    value: [
      [/=/, 'delimiter'],
      [/"/, { token: 'string.quote', switchTo: '@dq' }],
      [/'/, { token: 'string.quote', switchTo: '@sq' }],
      [/[^\s"'\\]+/, { token: 'string', next: '@pop' }],
      [/\s|\\/, { token: '', next: '@pop' }],
    ],
    dq: [
      [/[^"\\]+/, 'string'],
      [/\\["\\$`]/, 'string.escape'],
      [/\\./, 'string'],
      [/\\/, 'string.escape'],
      [/"/, { token: 'string.quote', next: '@pop' }],
    ],
    sq: [
      [/[^']+/, 'string'],
      [/'/, { token: 'string.quote', next: '@pop' }],
    ],
  },
};

/** The words before the cursor on its line, as the parser reads them (`wp` dropped). */
function wordsBefore(linePrefix: string): { before: string[]; typing: string } | null {
  const m = /(\S*)$/.exec(linePrefix)!;
  const typing = m[1]!;
  const head = linePrefix.slice(0, linePrefix.length - typing.length);
  if (/["']/.test(typing) || head.trimStart().startsWith('#')) return null;
  const s = parseScript(head);
  if (s.errors.length) return null;
  return { before: s.commands[0]?.args ?? [], typing };
}

export function registerCmsLanguage(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: CMS_LANGUAGE });
  monaco.languages.setMonarchTokensProvider(CMS_LANGUAGE, MONARCH);
  // No auto-closing quotes: a command line is typed left to right, and a lone quote must show as an error.
  monaco.languages.setLanguageConfiguration(CMS_LANGUAGE, { comments: { lineComment: '#' } });
  monaco.languages.registerCompletionItemProvider(CMS_LANGUAGE, {
    triggerCharacters: [' ', '-'],
    provideCompletionItems(model, position) {
      const prefix = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const at = wordsBefore(prefix);
      if (!at) return { suggestions: [] };
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - at.typing.length,
        endColumn: position.column,
      };
      return {
        suggestions: suggest(at.before).map((s) => ({
          label: s.word,
          kind: monaco.languages.CompletionItemKind.Keyword,
          insertText: s.word,
          detail: s.example,
          documentation: s.doc,
          range,
        })),
      };
    },
  });
}
