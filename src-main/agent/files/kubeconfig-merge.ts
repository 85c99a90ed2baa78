/**
 * Merging one cluster's kubeconfig into a user's kubeconfig text, as a pure text -> text step.
 *
 * The user's file is theirs: other clusters, users and contexts, `preferences`, `extensions`,
 * keys we do not know, comments and ordering all survive, because the change is made on the
 * parsed YAML Document (not on a plain object re-serialised). Only entries named `<name>` are
 * replaced; `current-context` moves only when asked.
 */
import { type Document, isMap, type YAMLMap } from 'yaml';
import { entryName, ensureList, type KubeconfigList, parseKubeconfig, YAML_OUTPUT } from './kubeconfig-doc';
import { renamedEntries, stringScalar } from './kubeconfig-source';

export interface MergeOptions {
  /** `<zone>-<cluster>`, already sanitised (see names.ts). */
  name: string;
  /** Make the merged context kubectl's current one. */
  setCurrent?: boolean;
  /** How the target is named in error messages. */
  targetLabel?: string;
}

export interface MergeResult {
  text: string;
  /** The context name now in the file. */
  context: string;
  /** True when entries of that name were already there (a re-download). */
  replaced: boolean;
}

/** What `kubectl config view --flatten` would write for an empty config, in kubectl's key order. */
function freshRoot(doc: Document, name: string, setCurrent: boolean): YAMLMap {
  const root = doc.createNode({ apiVersion: 'v1', clusters: [], contexts: [] }) as YAMLMap;
  if (setCurrent) root.set('current-context', stringScalar(name));
  root.set('kind', 'Config');
  root.set('preferences', doc.createNode({}));
  root.set('users', doc.createNode([]));
  return root;
}

/**
 * Puts `entry` where the old entry of the same name was (so a re-download does not reorder the
 * file), drops any further duplicates, or appends when the name is new.
 */
function upsert(doc: Document, key: KubeconfigList, name: string, entry: YAMLMap): boolean {
  const list = ensureList(doc, key);
  const hits = list.items.flatMap((item, i) => (entryName(item) === name ? [i] : []));
  const [first, ...rest] = hits;
  if (first === undefined) {
    list.items.push(entry);
    return false;
  }
  const old = list.items[first];
  // A comment written above the old entry describes this cluster; keep it with the new one.
  if (isMap(old) && old.commentBefore && !entry.commentBefore) entry.commentBefore = old.commentBefore;
  list.items[first] = entry;
  for (const i of rest.reverse()) list.items.splice(i, 1);
  return true;
}

export function mergeKubeconfig(targetText: string, sourceText: string, options: MergeOptions): MergeResult {
  const { name, setCurrent = false } = options;
  // Parse and check both before changing anything: a bad download must not cost a good file.
  const doc = parseKubeconfig(targetText, options.targetLabel ?? 'The kubeconfig');
  const entries = renamedEntries(sourceText, name);

  if (!isMap(doc.contents)) doc.contents = freshRoot(doc, name, setCurrent);
  let replaced = upsert(doc, 'clusters', name, entries.cluster);
  if (entries.user) replaced = upsert(doc, 'users', name, entries.user) || replaced;
  replaced = upsert(doc, 'contexts', name, entries.context) || replaced;
  if (setCurrent) (doc.contents as YAMLMap).set('current-context', stringScalar(name));

  return { text: doc.toString(YAML_OUTPUT), context: name, replaced };
}

/** A kubeconfig of the usual shape, for warmUpMerge. */
const SAMPLE = [
  'apiVersion: v1',
  'kind: Config',
  'clusters:',
  '- name: c',
  '  cluster:',
  '    server: https://127.0.0.1:6443',
  '    certificate-authority-data: QUJD',
  'users:',
  '- name: u',
  '  user:',
  '    token: t',
  'contexts:',
  '- name: x',
  '  context:',
  '    cluster: c',
  '    user: u',
  'current-context: x',
  '',
].join('\n');

let warmedUp = false;

/**
 * Merges a sample once, into nothing and into its own result, writing nothing: V8 compiles yaml's
 * parse and print on their first use (15–25 ms here), which otherwise falls between a person's
 * first grab's download and its write (#39). False when it had already run.
 */
export function warmUpMerge(): boolean {
  if (warmedUp) return false;
  warmedUp = true;
  const first = mergeKubeconfig('', SAMPLE, { name: 'warm-up', setCurrent: true });
  mergeKubeconfig(first.text, SAMPLE, { name: 'warm-up' });
  return true;
}
