/**
 * Reading kubeconfig YAML without losing anything of it.
 *
 * Both sides are parsed with the `failsafe` schema: every scalar stays a string with its source
 * text and quoting, so re-writing the file cannot turn `0123` into `123`, `yes` into `true` or a
 * quoted "true" into a bare boolean. Comments, key order and unknown keys live in the Document.
 */
import { type Document, isMap, isScalar, isSeq, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { invalidKubeconfig } from './file-errors';

export const KUBECONFIG_LISTS = ['clusters', 'users', 'contexts'] as const;
export type KubeconfigList = (typeof KUBECONFIG_LISTS)[number];

export const YAML_OPTIONS = { schema: 'failsafe', prettyErrors: true } as const;

/**
 * What the file is written back with: no folding of long base64 certificates, and block lists at
 * the indentation kubectl itself writes, so a merge changes as few lines as possible.
 */
export const YAML_OUTPUT = { lineWidth: 0, indentSeq: false } as const;

/** The parser's first line is the useful one ("… at line 3, column 5:"); the rest is a code frame. */
function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim().replace(/:$/, '');
}

/** A plain `null`, `~` or empty value: kubectl treats `contexts: null` as no contexts. */
export function isNullish(node: unknown): boolean {
  if (node === null || node === undefined) return true;
  if (!isScalar(node) || node.type !== 'PLAIN') return false;
  const v = String(node.value ?? '');
  return v === '' || v === '~' || v.toLowerCase() === 'null';
}

/**
 * Parses kubeconfig text. `label` names the file in messages ("~/.kube/config", "the downloaded
 * kubeconfig"). An empty or comments-only text gives a document without contents; a document
 * whose lists are not lists is refused, since merging into it would have to guess.
 */
export function parseKubeconfig(text: string, label: string): Document {
  const doc = parseDocument(text, YAML_OPTIONS);
  const error = doc.errors[0];
  if (error) {
    throw invalidKubeconfig(`${label} is not valid YAML: ${firstLine(error.message)}. It was left unchanged.`, {
      line: error.linePos?.[0]?.line,
    });
  }
  if (isNullish(doc.contents)) return doc;
  if (!isMap(doc.contents)) {
    throw invalidKubeconfig(`${label} is not a kubeconfig: its top level is not a mapping. It was left unchanged.`);
  }
  for (const key of KUBECONFIG_LISTS) {
    const node = doc.contents.get(key, true);
    if (!isNullish(node) && !isSeq(node)) {
      throw invalidKubeconfig(`${label} is not a kubeconfig: "${key}" is not a list. It was left unchanged.`);
    }
  }
  return doc;
}

/** The list under `key`, or an empty array when it is missing or null. */
export function listItems(doc: Document, key: KubeconfigList): unknown[] {
  if (!isMap(doc.contents)) return [];
  const node = doc.contents.get(key, true);
  return isSeq(node) ? node.items : [];
}

/** The `name` of a named entry (`- name: x\n  cluster: …`), or undefined for anything else. */
export function entryName(item: unknown): string | undefined {
  if (!isMap(item)) return undefined;
  const name = item.get('name');
  return typeof name === 'string' ? name : undefined;
}

/** The inner mapping of an entry (`cluster:`, `user:`, `context:`), when there is one. */
export function entryBody(item: unknown, key: string): YAMLMap | undefined {
  if (!isMap(item)) return undefined;
  const body = item.get(key, true);
  return isMap(body) ? body : undefined;
}

/** Returns the list under `key`, creating it (or replacing a `null`) when needed. */
export function ensureList(doc: Document, key: KubeconfigList): YAMLSeq {
  const root = doc.contents as YAMLMap;
  const node = root.get(key, true);
  if (isSeq(node)) {
    // An empty `[]` would otherwise render the new entry inline; a filled flow list stays as it is.
    if (node.items.length === 0) node.flow = false;
    return node;
  }
  const seq = doc.createNode([]) as YAMLSeq;
  root.set(key, seq);
  return seq;
}
