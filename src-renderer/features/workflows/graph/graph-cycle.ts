/** One cycle of a directed graph, found without recursion so a 5,000-node chain cannot overflow the stack. */
export function findCycle(
  ids: readonly string[],
  edges: readonly { from: string; to: string; broken?: boolean }[],
): string[] | undefined {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    if (e.broken) continue;
    const list = out.get(e.from);
    if (list) list.push(e.to);
    else out.set(e.from, [e.to]);
  }
  // 0 = unseen, 1 = on the current path, 2 = finished.
  const state = new Map<string, 0 | 1 | 2>();
  for (const root of ids) {
    if (state.get(root)) continue;
    const path: string[] = [root];
    const cursor: number[] = [0];
    state.set(root, 1);
    while (path.length > 0) {
      const at = path[path.length - 1] as string;
      const next = out.get(at) ?? [];
      const i = cursor[cursor.length - 1] as number;
      if (i >= next.length) {
        state.set(at, 2);
        path.pop();
        cursor.pop();
        continue;
      }
      cursor[cursor.length - 1] = i + 1;
      const to = next[i] as string;
      const s = state.get(to) ?? 0;
      if (s === 1) return path.slice(path.indexOf(to));
      if (s === 0) {
        state.set(to, 1);
        path.push(to);
        cursor.push(0);
      }
    }
  }
  return undefined;
}
