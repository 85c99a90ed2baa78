/**
 * A small layered (Sugiyama-style) layout, top to bottom, linear-ish in nodes and edges. dagre 3.1
 * was measured at 2–11 s for 500-node DAGs on this machine (its ordering phase rebuilds a graph
 * per rank); workflows need a readable picture in milliseconds, so this does the classic steps
 * plainly: break cycles, rank by longest path, order ranks by barycentres, then place x by
 * averaging neighbours under a minimum spacing.
 */

export interface LayeredInput {
  count: number;
  /** Directed edges as [from, to] indices; self-loops and repeats are ignored. */
  edges: readonly (readonly [number, number])[];
}

export interface LayeredOutput {
  /** Column centre in spacing units (0-based, may be fractional). */
  x: Float64Array;
  rank: Int32Array;
  ranks: number;
  /** Widest extent of x, in spacing units. */
  span: number;
}

const SWEEPS = 6;

function adjacency(count: number, edges: LayeredInput['edges']): { out: number[][]; inn: number[][] } {
  const out: number[][] = Array.from({ length: count }, () => []);
  const inn: number[][] = Array.from({ length: count }, () => []);
  const seen = new Set<number>();
  for (const [a, b] of edges) {
    if (a === b || a < 0 || b < 0 || a >= count || b >= count) continue;
    const key = a * count + b;
    if (seen.has(key)) continue;
    seen.add(key);
    (out[a] as number[]).push(b);
    (inn[b] as number[]).push(a);
  }
  return { out, inn };
}

/** The edges of a DFS that close a cycle, reversed, so the rest is acyclic. Iterative: no stack overflow. */
function breakCycles(count: number, out: number[][]): number[][] {
  const state = new Uint8Array(count);
  const dag: number[][] = out.map(() => []);
  for (let root = 0; root < count; root++) {
    if (state[root]) continue;
    const stack = [root];
    const cursor = [0];
    state[root] = 1;
    while (stack.length) {
      const v = stack[stack.length - 1] as number;
      const i = cursor[cursor.length - 1] as number;
      const next = out[v] as number[];
      if (i >= next.length) {
        state[v] = 2;
        stack.pop();
        cursor.pop();
        continue;
      }
      cursor[cursor.length - 1] = i + 1;
      const w = next[i] as number;
      if (state[w] === 1) (dag[w] as number[]).push(v);
      else (dag[v] as number[]).push(w);
      if (state[w] === 0) {
        state[w] = 1;
        stack.push(w);
        cursor.push(0);
      }
    }
  }
  return dag;
}

/** Longest-path ranks from the sources, then each source pulled down to just above its first child. */
function rankOf(count: number, dag: number[][]): { rank: Int32Array; order: number[] } {
  const indeg = new Int32Array(count);
  for (const list of dag) for (const w of list) indeg[w] = (indeg[w] as number) + 1;
  const order: number[] = [];
  for (let v = 0; v < count; v++) if (indeg[v] === 0) order.push(v);
  const rank = new Int32Array(count);
  for (let head = 0; head < order.length; head++) {
    const v = order[head] as number;
    for (const w of dag[v] as number[]) {
      rank[w] = Math.max(rank[w] as number, (rank[v] as number) + 1);
      indeg[w] = (indeg[w] as number) - 1;
      if (indeg[w] === 0) order.push(w);
    }
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i] as number;
    const kids = dag[v] as number[];
    if (kids.length === 0) continue;
    let min = Infinity;
    for (const w of kids) min = Math.min(min, rank[w] as number);
    if (min - 1 > (rank[v] as number)) rank[v] = min - 1;
  }
  return { rank, order };
}

export function layered({ count, edges }: LayeredInput): LayeredOutput {
  const { out } = adjacency(count, edges);
  const dag = breakCycles(count, out);
  const up: number[][] = dag.map(() => []);
  dag.forEach((list, v) => list.forEach((w) => (up[w] as number[]).push(v)));
  const { rank, order } = rankOf(count, dag);
  let ranks = 0;
  for (let v = 0; v < count; v++) ranks = Math.max(ranks, (rank[v] as number) + 1);
  const layers: number[][] = Array.from({ length: ranks }, () => []);
  for (const v of order) (layers[rank[v] as number] as number[]).push(v);

  // Order within ranks: barycentres of neighbours' relative positions, sweeping down then up.
  const pos = new Float64Array(count);
  const setPos = (layer: number[]): void => layer.forEach((v, i) => (pos[v] = (i + 0.5) / layer.length));
  layers.forEach(setPos);
  const sweep = (layer: number[], nbrs: number[][]): void => {
    const key = new Float64Array(layer.length);
    layer.forEach((v, i) => {
      const list = nbrs[v] as number[];
      let sum = 0;
      for (const u of list) sum += pos[u] as number;
      key[i] = list.length ? sum / list.length : (pos[v] as number);
    });
    const idx = layer.map((_, i) => i).sort((a, b) => (key[a] as number) - (key[b] as number) || a - b);
    const sorted = idx.map((i) => layer[i] as number);
    layer.splice(0, layer.length, ...sorted);
    setPos(layer);
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < ranks; r++) sweep(layers[r] as number[], up);
    for (let r = ranks - 2; r >= 0; r--) sweep(layers[r] as number[], dag);
  }

  // x: each node wants the mean x of its neighbours; two packings (from the left and from the right)
  // keep one unit between neighbours, and their average keeps it too while staying centred.
  const x = new Float64Array(count);
  layers.forEach((layer) => layer.forEach((v, i) => (x[v] = i - (layer.length - 1) / 2)));
  const place = (layer: number[], nbrs: number[][]): void => {
    const n = layer.length;
    const want = layer.map((v) => {
      const list = nbrs[v] as number[];
      if (!list.length) return x[v] as number;
      let sum = 0;
      for (const u of list) sum += x[u] as number;
      return sum / list.length;
    });
    const left = new Float64Array(n);
    const right = new Float64Array(n);
    for (let i = 0; i < n; i++)
      left[i] = i === 0 ? (want[i] as number) : Math.max(want[i] as number, (left[i - 1] as number) + 1);
    for (let i = n - 1; i >= 0; i--)
      right[i] = i === n - 1 ? (want[i] as number) : Math.min(want[i] as number, (right[i + 1] as number) - 1);
    layer.forEach((v, i) => (x[v] = ((left[i] as number) + (right[i] as number)) / 2));
  };
  for (let s = 0; s < SWEEPS; s++) {
    for (let r = 1; r < ranks; r++) place(layers[r] as number[], up);
    for (let r = ranks - 2; r >= 0; r--) place(layers[r] as number[], dag);
  }
  let min = Infinity;
  let max = -Infinity;
  for (let v = 0; v < count; v++) {
    min = Math.min(min, x[v] as number);
    max = Math.max(max, x[v] as number);
  }
  if (count > 0) for (let v = 0; v < count; v++) x[v] = (x[v] as number) - min;
  return { x, rank, ranks, span: count > 0 ? max - min : 0 };
}
