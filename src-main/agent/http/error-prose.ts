/**
 * The fields a refusal names in words: its sentences ("select the file with the query parameter
 * name, e.g. ?name=SKILL.md", "name is required", "missing required field 'title'", "unknown
 * field foo; use bar", AWS's "Value null at 'roleName' failed to satisfy constraint") and its
 * codes (`name_required`, `missing_name`, `required:name`). A name the sentence asks for is
 * `wanted`, one it refuses `rejected`; a bare word must not be a generic one ("This field is
 * required" names nothing). Reading is bounded: a few thousand characters of each text.
 */
import type { HintKind, HintPlace, Hints } from './error-hints';

const MAX_TEXT = 2000;
const MAX_SENTENCES = 20;

const WANTS =
  /\b(?:required|missing|mandatory|not (?:supplied|provided|present|specified|set)|wasn't supplied|(?:must(?: not|n't)|may not|should(?: not|n't)|can(?: ?not|'t)|could(?: not|n't)) be (?:null|blank|empty|missing|omitted)|must be (?:provided|present|specified|given|set|supplied)|needs? a value)\b/i;
const REJECTS =
  /\b(?:unknown|unrecogni[sz]ed|unexpected|extra|unpermitted|undeclared|not (?:allowed|permitted|recogni[sz]ed|supported|a permitted|a known|a valid (?:field|parameter|property|key))|does not exist|doesn't exist|should not exist|cannot find field)\b/i;

/** What a sentence says of the fields it names: asks for them, refuses them, or neither. */
export function kindOfSentence(s: string): HintKind | undefined {
  const t = s.slice(0, MAX_TEXT);
  if (REJECTS.test(t)) return 'rejected';
  if (WANTS.test(t)) return 'wanted';
  return undefined;
}

const CODE_REJECTS =
  /unknown|unrecogni[sz]ed|unexpected|extra|unpermitted|not_?(?:permitted|allowed)|additional_?propert/i;
const CODE_WANTS = /required|missing|not_?(?:null|blank|empty)|null_?value|blank|presence|not_?provided/i;

/** What an entry's code says (`FieldValueRequired`, `NotNull`, `missing_field`, `parameter_unknown`, `extra_forbidden`). */
export function kindOfCode(code: string): HintKind | undefined {
  // A problem's `type` "about:blank" is no code at all (its `blank` says nothing of a field).
  if (code.length > 100 || code === 'about:blank') return undefined;
  if (CODE_REJECTS.test(code)) return 'rejected';
  if (CODE_WANTS.test(code)) return 'wanted';
  return undefined;
}

const SEP = '[_:.\\-/]';
const LEADS = '(?:(?:field|param|parameter|property|attribute|argument|key)[_:.\\-/])?';
const CODE_FORMS: readonly [RegExp, HintKind][] = [
  [new RegExp(`^(?:missing|required)${SEP}${LEADS}([A-Za-z_][\\w.-]*)$`, 'i'), 'wanted'],
  [
    new RegExp(`^${LEADS}([A-Za-z_][\\w.-]*?)${SEP}(?:is${SEP})?(?:required|missing|not${SEP}?provided)$`, 'i'),
    'wanted',
  ],
  [
    new RegExp(`^(?:unknown|unexpected|unrecogni[sz]ed|extra|unpermitted)${SEP}${LEADS}([A-Za-z_][\\w.-]*)$`, 'i'),
    'rejected',
  ],
  [new RegExp(`^${LEADS}([A-Za-z_][\\w.-]*?)${SEP}(?:unknown|not${SEP}?(?:allowed|permitted))$`, 'i'), 'rejected'],
];

/** A field named inside a code: `name_required`, `missing_name`, `title_missing`, `required:name`, `unknown_field_foo`. */
export function codeHints(code: unknown, out: Hints, place?: HintPlace): void {
  if (typeof code !== 'string' || code.length > 100) return;
  for (const [form, kind] of CODE_FORMS) {
    const m = form.exec(code);
    if (m) return out.add(m[1], kind, place, true);
  }
}

/** A name as prose writes it: bare, quoted, backticked, or a Ruby symbol (`:foo`); groups: quote, name. */
const N = `:?(['"\`‘“]?)([A-Za-z_$][\\w.\\-[\\]$]{0,99})['"\`’”]?`;
/** A quoted name only. */
const Q = `(?<!\\w)(['"\`‘“])([A-Za-z_$][\\w.\\-[\\]$]{0,99})['"\`’”]`;
const NOUN = '(?:field|parameter|param|property|attribute|argument|key|member|column)s?';
const ADJ = `(?:(?:the|a|an)\\s+)?(?:(?:query|body|request|url|json|form|required|string)\\s+)*`;
/** A name said to be a field: "field x", "query parameter `x`", or quoted. */
const FIELD = `(?:${ADJ}${NOUN}\\s*:?\\s+${N}|${ADJ}${Q})`;

interface Form {
  re: RegExp;
  /** Absent: what the sentence says; `said`: only when the sentence says something. */
  kind?: HintKind | 'said';
  place?: HintPlace;
}

const re = (s: string) => new RegExp(s, 'gi');

/** Patterns that name a field, most specific first. */
const FORMS: readonly Form[] = [
  // ?name=SKILL.md, &page_size=10
  { re: /[?&]([A-Za-z_][\w.-]{0,63})=/g, kind: 'wanted', place: 'query' },
  // AWS: Value null at 'roleName' failed to satisfy constraint
  { re: /\bvalue null at '([^']{1,200})'/gi, kind: 'wanted' },
  { re: /\bat '([^']{1,200})' failed to satisfy/gi },
  // use bar · use `bar` instead · did you mean 'bar' · rename it to bar (a bare name only at the clause's end)
  {
    re: re(`\\b(?:use|did you mean|rename (?:it )?to)\\s+(?:${FIELD}|${N}\\s*(?:instead\\b|\\?|$))`),
    kind: 'wanted',
  },
  // select the file with the query parameter name · expected field `label` · provide the 'title' field
  {
    re: re(`\\b(?:expected|expects|provide|specify|pass|send|select [\\w ]{0,40}?\\bwith)\\s+${FIELD}`),
    kind: 'wanted',
  },
  // missing required field 'title' · Missing required param: amount · required parameter: name
  { re: re(`\\b(?:missing|required)\\s+${FIELD}`), kind: 'wanted' },
  // unknown field foo · Received unknown parameter: foo · found unpermitted parameter: :foo
  { re: re(`\\b(?:unknown|unrecogni[sz]ed|unexpected|extra|unpermitted|undeclared)\\s+${FIELD}`), kind: 'rejected' },
  // the query parameter name · query string parameter `page`
  { re: re(`\\bquery\\s+(?:string\\s+)?(?:parameter|param|argument)s?\\s*:?\\s+${N}`), place: 'query' },
  // name is required · The name field is required · "name" wasn't supplied · Title can't be blank · foo is not allowed
  // (a bare name only at the sentence's start: "A 'To' phone number is required" is not about `number`)
  {
    re: re(
      `(?:^(?:the\\s+)?${N}|${Q})\\s+(?:${NOUN}\\s+)?(?:is|are|was|must|may|should|can|cannot|can't|wasn't|does|doesn't|not)\\b`,
    ),
    kind: 'said',
  },
  // field x · parameter `x` · property 'mailNickname'
  { re: re(`\\b${NOUN}\\s*:?\\s+${N}`) },
  // a quoted name, where the sentence asks for or refuses something ('Pod "web-0" is invalid' names a record)
  { re: re(Q), kind: 'said' },
];

function lastMatched(m: RegExpMatchArray): number {
  for (let i = m.length - 1; i > 0; i--) if (m[i]) return i;
  return 0;
}

/** A bare word at a sentence's start, capitalised as a sentence is ("Title can't be blank"), is the field `title`. */
function uncapitalised(name: string, at: number, sentence: string): string {
  return /^[A-Z][a-z0-9]+$/.test(name) && !sentence.slice(0, at).trim() ? name.toLowerCase() : name;
}

function sentencesOf(text: string): string[] {
  return text
    .slice(0, MAX_TEXT)
    .split(/[;\n]+|[.!?](?:\s+|$)|\s+[—–-]\s+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, MAX_SENTENCES);
}

const QUOTED_ONLY: readonly Form[] = [FORMS[FORMS.length - 1]!];

/** The fields one text names, each with what its sentence says of it (`quotedOnly`: only names in quotes). */
export function proseHints(text: unknown, out: Hints, place?: HintPlace, quotedOnly = false): void {
  if (typeof text !== 'string') return;
  for (const s of sentencesOf(text)) {
    const said = kindOfSentence(s);
    for (const form of quotedOnly ? QUOTED_ONLY : FORMS) {
      for (const m of s.matchAll(form.re)) {
        // The name is the last group that matched; the one before it, when a quote, says it was quoted.
        const i = lastMatched(m);
        const name = m[i];
        if (!name) continue;
        const quoted = i > 1 && /^['"`‘“]$/.test(m[i - 1] ?? '');
        const at = (m.index ?? 0) + m[0].indexOf(name);
        const bare = !quoted && !/[[\]]/.test(name);
        const word = bare ? uncapitalised(name, at - (quoted ? 1 : 0), s) : name;
        const kind = form.kind === 'said' ? said : (form.kind ?? said ?? 'named');
        if (kind) out.add(word, kind, form.place ?? place, bare);
      }
    }
  }
}
