/**
 * Positions for the DAG picture, top to bottom (see layered.ts). Kept apart from the component so
 * the layout runs only when the graph's structure changes (never on selection or status) and can
 * be timed on its own. Edges to a node that does not exist get a dashed "missing" stand-in to land on.
 */
import type { GraphEdge, GraphNode } from './workflow-graph';
import { layered } from './layered';

export const NODE_WIDTH = 184;
export const NODE_HEIGHT = 52;
const COLUMN = NODE_WIDTH + 28;
const ROW = NODE_HEIGHT + 56;
const MARGIN = 16;

export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  /** A stand-in for an id that edges name but no node has. */
  missing?: boolean;
}

export interface Layout {
  nodes: PlacedNode[];
  width: number;
  height: number;
}

/** A stable key of the graph's structure: the layout is redone only when it changes. */
export function structureKey(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): string {
  return `${nodes.map((n) => n.id).join('\u0001')}\u0002${edges.map((e) => `${e.from}\u0001${e.to}`).join('\u0001')}`;
}

/** Ids named by edges that no node has, in first-seen order. */
export function missingIds(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): string[] {
  const known = new Set(nodes.map((n) => n.id));
  const out = new Set<string>();
  for (const e of edges) {
    if (!e.broken) continue;
    if (!known.has(e.from)) out.add(e.from);
    if (!known.has(e.to)) out.add(e.to);
  }
  return [...out];
}

export function layoutGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): Layout {
  const missing = missingIds(nodes, edges);
  const ids = [...nodes.map((n) => n.id), ...missing];
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: [number, number][] = [];
  for (const e of edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a !== undefined && b !== undefined) pairs.push([a, b]);
  }
  const { x, rank, ranks, span } = layered({ count: ids.length, edges: pairs });
  const missingSet = new Set(missing);
  const placed = ids.map((id, i): PlacedNode => {
    const node: PlacedNode = { id, x: MARGIN + (x[i] as number) * COLUMN, y: MARGIN + (rank[i] as number) * ROW };
    if (missingSet.has(id)) node.missing = true;
    return node;
  });
  return {
    nodes: placed,
    width: 2 * MARGIN + span * COLUMN + NODE_WIDTH,
    height: 2 * MARGIN + Math.max(0, ranks - 1) * ROW + NODE_HEIGHT,
  };
}
