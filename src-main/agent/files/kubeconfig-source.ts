/**
 * The downloaded admin kubeconfig of a cluster, reduced to the three entries worth merging and
 * renamed to `<zone>-<cluster>`. The zone names them after itself ("admin", "kubernetes" …), which
 * would collide with other clusters in the user's file; one predictable name per cluster does not.
 */
import { type Document, isAlias, isMap, isScalar, type Node, Scalar, visit, type YAMLMap } from 'yaml';
import { invalidKubeconfig } from './file-errors';
import { entryBody, entryName, listItems, parseKubeconfig } from './kubeconfig-doc';

export interface RenamedEntries {
  cluster: YAMLMap;
  /** Absent when the downloaded file has no user (auth configured elsewhere). */
  user?: YAMLMap;
  context: YAMLMap;
}

const LABEL = 'The downloaded kubeconfig';

/**
 * A string scalar that stays a string: under the failsafe schema a bare `2024-01-02` or `123`
 * would be written plain and read back by kubectl's YAML 1.1 parser as a date or a number.
 */
export function stringScalar(value: string): Scalar {
  const node = new Scalar(value);
  if (!/[a-z]/i.test(value)) node.type = Scalar.QUOTE_DOUBLE;
  return node;
}

/** A copy of `node` that can live in another document: aliases resolved, anchors dropped. */
function detach(node: YAMLMap, from: Document): YAMLMap {
  const copy = node.clone() as YAMLMap;
  visit(copy, {
    Alias(_, alias) {
      const target = alias.resolve(from);
      return target ? (target.clone() as Node) : new Scalar(null);
    },
  });
  visit(copy, {
    Node(_, n) {
      if (!isAlias(n)) delete (n as { anchor?: string }).anchor;
    },
  });
  return copy;
}

function findByName(doc: Document, key: 'clusters' | 'users', name: string | undefined): YAMLMap | undefined {
  const items = listItems(doc, key);
  const hit = name === undefined ? items[0] : items.find((i) => entryName(i) === name);
  return isMap(hit) ? hit : undefined;
}

function stringField(map: YAMLMap | undefined, key: string): string | undefined {
  const v = map?.get(key, true);
  return isScalar(v) && typeof v.value === 'string' && v.value !== '' ? v.value : undefined;
}

/**
 * Picks the context the file marks current (else its first), and the cluster and user it points
 * to; with no contexts at all, the first cluster and user. Returns them renamed to `name`.
 */
export function renamedEntries(text: string, name: string): RenamedEntries {
  const doc = parseKubeconfig(text, LABEL);
  if (!isMap(doc.contents)) throw invalidKubeconfig(`${LABEL} is empty.`);
  const contexts = listItems(doc, 'contexts').filter(isMap);
  const current = stringField(doc.contents, 'current-context');
  const context = contexts.find((c) => entryName(c) === current) ?? contexts[0];
  const ctxBody = entryBody(context, 'context');
  const clusterName = context ? stringField(ctxBody, 'cluster') : undefined;
  const userName = context ? stringField(ctxBody, 'user') : undefined;

  const cluster = findByName(doc, 'clusters', clusterName);
  if (!cluster || !entryBody(cluster, 'cluster')) {
    throw invalidKubeconfig(
      clusterName
        ? `${LABEL} names cluster "${clusterName}" in its context but does not contain it.`
        : `${LABEL} contains no cluster.`,
    );
  }
  const user = context && !userName ? undefined : findByName(doc, 'users', userName);
  if (userName && !user)
    throw invalidKubeconfig(`${LABEL} names user "${userName}" in its context but does not contain it.`);

  const outCluster = detach(cluster, doc);
  outCluster.set('name', stringScalar(name));
  const outUser = user ? detach(user, doc) : undefined;
  outUser?.set('name', stringScalar(name));

  // Keep the context's namespace and extensions; only its name and references change.
  const outContext = context ? detach(context, doc) : (doc.createNode({ context: {} }) as YAMLMap);
  outContext.set('name', stringScalar(name));
  let body = entryBody(outContext, 'context');
  if (!body) {
    body = doc.createNode({}) as YAMLMap;
    outContext.set('context', body);
  }
  body.set('cluster', stringScalar(name));
  if (outUser) body.set('user', stringScalar(name));
  else body.delete('user');
  return { cluster: outCluster, ...(outUser ? { user: outUser } : {}), context: outContext };
}
