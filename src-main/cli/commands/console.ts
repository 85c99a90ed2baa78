/**
 * `zonedeck console <zone>/<container>`: the container's console in this terminal, through the
 * agent's console stream (the same reconnects and subprotocol offer as the window's tabs). Keys go
 * in raw mode, the zone's bytes come out untouched, SIGWINCH sends the new size, Ctrl-] leaves.
 */
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveIn } from '../resolve';

/** Ctrl-] (GS), telnet's and docker attach's way out: a shell never needs it. */
const LEAVE = 0x1d;

export async function consoleCommand(
  link: AgentLink,
  out: Output,
  ref: string,
  f: { microvm?: boolean },
): Promise<void> {
  const kind = f.microvm ? 'microvms' : 'containers';
  const c = await resolveIn(link, out, ref, f.microvm ? 'microvm' : 'container', `${kind}.list`);
  const size = () => ({ cols: process.stdout.columns || 80, rows: process.stdout.rows || 24 });
  const { sid } = await link.invoke('stream.open', {
    zone: c.zone.id,
    operationId: `${kind}.console`,
    params: { id: c.id },
    query: size(),
  });
  out.note(`Connected to ${c.zone.name}/${c.name}. Ctrl-] leaves.`);
  const stdin = process.stdin;
  const raw = stdin.isTTY === true;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      off();
      stdin.off('data', onKeys);
      process.off('SIGWINCH', onResize);
      if (raw) stdin.setRawMode(false);
      stdin.pause();
      if (err) reject(err);
      else resolve();
    };
    const off = link.onStream(sid, (msg) => {
      if (msg.kind === 'data') {
        const bytes = msg.data.byteLength;
        process.stdout.write(msg.data, () => link.sendStream({ t: 'stream', sid, kind: 'ack', bytes }));
      } else if (msg.kind === 'event') {
        const state = (msg.event.data as { state?: string } | null)?.state;
        if (msg.event.type === 'state' && state && state !== 'connected') out.note(`\r\n[console ${state}]\r`);
      } else if (msg.kind === 'end') {
        done(msg.error ? new CliError(msg.error.message, EXIT.failed, msg.error.code) : undefined);
      }
    });
    const onKeys = (chunk: Buffer) => {
      const at = chunk.indexOf(LEAVE);
      const keys = at >= 0 ? chunk.subarray(0, at) : chunk;
      if (keys.length) link.sendStream({ t: 'stream', sid, kind: 'data', data: keys.toString('utf8') });
      if (at >= 0) {
        link.sendStream({ t: 'stream', sid, kind: 'close' });
        out.note('\r\n[left the console]\r');
        done();
      }
    };
    const onResize = () => link.sendStream({ t: 'stream', sid, kind: 'resize', ...size() });
    if (raw) stdin.setRawMode(true);
    stdin.on('data', onKeys);
    stdin.resume();
    process.on('SIGWINCH', onResize);
  });
}
