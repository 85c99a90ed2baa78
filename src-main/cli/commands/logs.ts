/**
 * `zonedeck logs <zone>/<container> [-f]`: the container's output. The API has no log stream, so
 * -f reads the tail again every second and prints what follows the lines already shown (the
 * longest overlap, as the window's log view joins two reads).
 */
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveIn } from '../resolve';

const FOLLOW_MS = 1000;

/** The lines of `next` after its longest overlap with the end of `shown`. */
export function linesAfter(shown: readonly string[], next: readonly string[]): string[] {
  for (let k = Math.min(shown.length, next.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = shown[shown.length - k + i] === next[i];
    if (same) return next.slice(k);
  }
  return [...next];
}

function linesOf(data: unknown): string[] {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export async function logsCommand(
  link: AgentLink,
  out: Output,
  ref: string,
  f: { follow?: boolean; tail?: string },
): Promise<void> {
  const c = await resolveIn(link, out, ref, 'container', 'containers.list');
  const tail = Number(f.tail ?? 200);
  const read = async () =>
    linesOf(
      (
        await link.invoke('api.call', {
          zone: c.zone.id,
          operationId: 'containers.logs',
          params: { id: c.id },
          query: { tail: Number.isInteger(tail) && tail > 0 ? tail : 200 },
        })
      ).data,
    );
  let shown = await read();
  if (out.json && !f.follow) return out.result('', { lines: shown });
  for (const line of shown) process.stdout.write(out.json ? `${JSON.stringify({ line })}\n` : `${line}\n`);
  if (!f.follow) return;
  for (;;) {
    await new Promise((r) => setTimeout(r, FOLLOW_MS));
    const next = await read();
    for (const line of linesAfter(shown, next))
      process.stdout.write(out.json ? `${JSON.stringify({ line })}\n` : `${line}\n`);
    shown = next;
  }
}
