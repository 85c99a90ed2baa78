/**
 * A cluster node as the nodes list shows it: name, role (control plane or worker), state and
 * kubelet version. Nodes are no kind the zone's dictionary keeps (they live inside a cluster), and
 * the spec leaves their payload "not shown": each field is read under its usual names, in any
 * letter case, at the top or inside the nested record a style keeps its fields in (`metadata`,
 * `spec`: shapes/words.ts).
 */
import { isRecord, textOf } from '@contract/tolerant';
import { isNameLike } from '@contract/dictionary/value-shapes';
import { field, valueIn } from '../../../shapes/words';

const NAME = field('node.name', 'name', 'display_name', 'title', 'hostname', 'node_name');
/** Each name on its own: a Google-style `name` is a resource path, the name a person reads is `displayName`. */
const EACH_NAME = NAME.names.map((n) => field(NAME.role, n));
const ROLE = field('node.role', 'role', 'node_role');
/** `kind` names a node's role in some zones, but a style's own `kind` ("Node") sits at the top: read last. */
const KIND = field('node.role', 'kind');
const STATE = field('node.state', 'status', 'state', 'phase');
/** Inside a state record (`status: {phase: "Ready"}`, EC2's `State: {Name, Code}`). */
const PHASE = field('node.phase', 'phase', 'state', 'status', 'name');
const VERSION = field('node.version', 'version', 'kubelet_version');

export interface ClusterNode {
  name: string | undefined;
  role: string | undefined;
  state: string | undefined;
  version: string | undefined;
}

/** The first of the node's names a person reads, else the first it has. */
function nameIn(rec: unknown): string | undefined {
  const names = EACH_NAME.map((f) => textOf(valueIn(rec, f))).filter((n) => n !== undefined);
  return names.find(isNameLike) ?? names[0];
}

function stateIn(rec: unknown): string | undefined {
  const v = valueIn(rec, STATE);
  return isRecord(v) ? textOf(valueIn(v, PHASE)) : typeof v === 'string' && v !== '' ? v : undefined;
}

export function clusterNodeOf(rec: unknown): ClusterNode {
  return {
    name: nameIn(rec),
    role: textOf(valueIn(rec, ROLE)) ?? textOf(valueIn(rec, KIND)),
    state: stateIn(rec),
    version: textOf(valueIn(rec, VERSION)),
  };
}
