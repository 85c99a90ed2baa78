/**
 * The workflow spec (the spec leaves its schema "not shown"; this is the sandbox's choice,
 * documented in docs/sandbox.md): a directed acyclic graph of typed nodes.
 *
 *   { nodes: [{ id, type, name?, prompt?, model?, tool?, message?, simulate? }], edges: [{ from, to }] }
 *
 * Validation returns an error map keyed by node id (spec-wide problems under "_spec", edges whose
 * both ends are unknown under "_edges"), which publish turns into a 422 and validate reports.
 */
export const NODE_TYPES = ['llm', 'tool', 'approval', 'input', 'output'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export interface SpecNode {
  id: string;
  type: NodeType;
  name?: string;
  /** llm: required; "{{input}}" is replaced by the value flowing in. */
  prompt?: string;
  model?: string;
  /** tool: required, the tool name. */
  tool?: string;
  /** approval: what the approver is asked. */
  message?: string;
  /** Sandbox-only: "fail" makes this step fail, to exercise failed runs. */
  simulate?: 'fail';
  /** Sandbox-only, llm: stream the step's output as this many step_progress events (benchmarks). */
  stream_chunks?: number;
  /** Sandbox-only: how long this step takes, in ms (default 200): runs at a set event rate (benchmarks). */
  step_ms?: number;
}

export const MAX_STREAM_CHUNKS = 20_000;
export const MAX_STEP_MS = 60_000;

export interface WorkflowSpec {
  nodes: SpecNode[];
  edges: { from: string; to: string }[];
}

export type SpecErrors = Record<string, string[]>;

export const DEFAULT_SPEC: WorkflowSpec = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'answer', type: 'llm', prompt: 'Answer: {{input}}', model: 'sandbox-small' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'answer' },
    { from: 'answer', to: 'out' },
  ],
};

function push(errors: SpecErrors, key: string, msg: string): void {
  (errors[key] ??= []).push(msg);
}

function rec(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function checkNodes(nodes: unknown[], errors: SpecErrors): Set<string> {
  const ids = new Set<string>();
  nodes.forEach((raw, i) => {
    const n = rec(raw);
    const id = typeof n?.id === 'string' && n.id !== '' ? n.id : undefined;
    if (!n || !id) return push(errors, '_spec', `nodes[${i}] needs a non-empty string id`);
    if (ids.has(id)) push(errors, id, 'duplicate node id');
    ids.add(id);
    if (!(NODE_TYPES as readonly unknown[]).includes(n.type)) {
      push(errors, id, `unknown type ${JSON.stringify(n.type)}; expected one of ${NODE_TYPES.join(', ')}`);
    }
    if (n.type === 'llm' && (typeof n.prompt !== 'string' || n.prompt.trim() === ''))
      push(errors, id, 'llm node needs a prompt');
    if (n.type === 'tool' && (typeof n.tool !== 'string' || n.tool.trim() === ''))
      push(errors, id, 'tool node needs a tool name');
    const chunks = n.stream_chunks;
    if (
      chunks !== undefined &&
      (!Number.isInteger(chunks) || (chunks as number) < 0 || (chunks as number) > MAX_STREAM_CHUNKS)
    )
      push(errors, id, `stream_chunks must be a whole number from 0 to ${MAX_STREAM_CHUNKS}`);
    const stepMs = n.step_ms;
    if (
      stepMs !== undefined &&
      (!Number.isInteger(stepMs) || (stepMs as number) < 0 || (stepMs as number) > MAX_STEP_MS)
    )
      push(errors, id, `step_ms must be a whole number from 0 to ${MAX_STEP_MS}`);
  });
  return ids;
}

/** Kahn's algorithm; the nodes left with incoming edges are on (or behind) a cycle. */
export function topoOrder(
  ids: readonly string[],
  edges: readonly { from: string; to: string }[],
): { order: string[]; stuck: string[] } {
  const indeg = new Map(ids.map((id) => [id, 0]));
  for (const e of edges) if (indeg.has(e.from) && indeg.has(e.to)) indeg.set(e.to, (indeg.get(e.to) ?? 0) + 1);
  const queue = ids.filter((id) => indeg.get(id) === 0);
  const order: string[] = [];
  while (queue.length) {
    const id = queue.shift()!;
    order.push(id);
    for (const e of edges) {
      if (e.from !== id || !indeg.has(e.to)) continue;
      const d = (indeg.get(e.to) ?? 0) - 1;
      indeg.set(e.to, d);
      if (d === 0) queue.push(e.to);
    }
  }
  return { order, stuck: ids.filter((id) => !order.includes(id)) };
}

export function validateSpec(spec: unknown): SpecErrors {
  const errors: SpecErrors = {};
  const s = rec(spec);
  if (!s || !Array.isArray(s.nodes)) return { _spec: ['spec must be an object with a nodes array'] };
  if (s.edges !== undefined && !Array.isArray(s.edges)) push(errors, '_spec', 'edges must be an array');
  if (s.nodes.length === 0) push(errors, '_spec', 'spec needs at least one node');
  const ids = checkNodes(s.nodes, errors);
  const edges: { from: string; to: string }[] = [];
  (Array.isArray(s.edges) ? s.edges : []).forEach((raw, i) => {
    const e = rec(raw);
    const from = typeof e?.from === 'string' ? e.from : '';
    const to = typeof e?.to === 'string' ? e.to : '';
    if (ids.has(from) && ids.has(to)) return edges.push({ from, to });
    if (ids.has(from)) push(errors, from, `edge to unknown node ${JSON.stringify(to)}`);
    else if (ids.has(to)) push(errors, to, `edge from unknown node ${JSON.stringify(from)}`);
    else push(errors, '_edges', `edges[${i}] joins unknown nodes`);
  });
  for (const id of topoOrder([...ids], edges).stuck) push(errors, id, 'node is part of a cycle');
  return errors;
}

/** Execution order of a spec already known valid. */
export function executionOrder(spec: WorkflowSpec): SpecNode[] {
  const byId = new Map(spec.nodes.map((n) => [n.id, n]));
  return topoOrder(
    spec.nodes.map((n) => n.id),
    spec.edges,
  ).order.map((id) => byId.get(id)!);
}

/** What one node does to the value flowing through it: deterministic, so evals are repeatable. */
export function applyNode(node: SpecNode, value: string): string {
  if (node.type === 'llm') return (node.prompt ?? '').split('{{input}}').join(value);
  if (node.type === 'tool') return `${node.tool ?? 'tool'}(${value})`;
  return value;
}

/** The output a spec gives for an input when every approval is granted (used by evals). */
export function simulate(spec: WorkflowSpec, input: unknown): string {
  let value = typeof input === 'string' ? input : JSON.stringify(input ?? null);
  for (const n of executionOrder(spec)) value = applyNode(n, value);
  return value;
}
