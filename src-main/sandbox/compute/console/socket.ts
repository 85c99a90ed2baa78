/**
 * The console WebSocket for containers and microVMs (serial console with a login banner).
 * Framing: the server sends terminal output as binary frames. A client that offered the
 * subprotocol `zonedeck.console.v1` (contract/console-protocol.ts) has it selected, and then a text
 * frame that starts with `{"type":` is a JSON control message — `{"type":"resize","cols":80,"rows":24}`;
 * every other frame, and every frame of a client that did not offer it, is typed input. Close codes: 4404 unknown instance,
 * 4409 not running, 4410 instance stopped/suspended/deleted while open, 1000 after `exit`.
 * `flood N` sends N bytes as fast as the client drains them: above HIGH_WATER buffered bytes the
 * sender waits for its last frame to reach the socket before sending more.
 */
import { setImmediate as tick } from 'node:timers/promises';
import { type WebSocket } from 'ws';
import { CONSOLE_CONTROL } from '../../../contract/console-protocol';
import type { SandboxRequest, WsHandler } from '../../core/types';
import { type ComputeCtx, find } from '../context';
import type { KindDef } from '../kinds';
import type { Instance, Kind } from '../model';
import { Shell } from './shell';

const HIGH_WATER = 1 << 20;
const CHUNK = 64 * 1024;
/** 1024 lines of 64 bytes: printable, so a terminal shows the flood as it arrives. */
const PATTERN = Buffer.from(
  `${'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'}\r\n`.repeat(CHUNK / 64),
);

const BANNERS: Record<Kind, (inst: Instance) => string> = {
  container: () => '',
  microvm: (inst) =>
    `\r\n${String(inst.spec.image ?? 'linux')} ${inst.name} ttyS0\r\n\r\n` +
    `${inst.name} login: root (automatic login)\r\n\r\nLast login on ttyS0. Serial console; type help.\r\n\r\n`,
};

function clampSize(v: unknown, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : fallback;
}

async function flood(ws: WebSocket, total: number, aborted: () => boolean): Promise<number> {
  let sent = 0;
  let chunks = 0;
  while (sent < total && ws.readyState === ws.OPEN && !aborted()) {
    const n = Math.min(CHUNK, total - sent);
    const chunk = n === CHUNK ? PATTERN : PATTERN.subarray(0, n);
    if (ws.bufferedAmount >= HIGH_WATER) await new Promise<void>((r) => ws.send(chunk, () => r()));
    else ws.send(chunk);
    sent += n;
    // Yield now and then so Ctrl-C, other sockets and timers get a turn.
    if (++chunks % 16 === 0) await tick();
  }
  return sent;
}

export function consoleHandler(ctx: ComputeCtx, def: KindDef): WsHandler {
  const handler = (ws: WebSocket, req: SandboxRequest) => {
    let inst: Instance;
    try {
      inst = find(ctx, req, def);
    } catch {
      ws.close(4404, `${def.label} not found`);
      return;
    }
    if (inst.status !== 'running') {
      ws.close(4409, `${def.label} is ${inst.status}; the console needs it running`);
      return;
    }
    ctx.consoles.add(inst.id, ws);
    const size = { cols: clampSize(req.query.get('cols'), 80), rows: clampSize(req.query.get('rows'), 24) };
    let stopFlood = false;
    const write = (s: string) => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.from(s));
    };
    const shell = new Shell(
      {
        name: inst.name,
        kind: inst.kind,
        now: () => ctx.world.clock.now(),
        vars: () => ({ ...inst.configVars }),
        size: () => size,
      },
      {
        write,
        exit: (code) => ws.close(1000, `exit ${code}`),
        flood: (n) => {
          stopFlood = false;
          return flood(ws, n, () => stopFlood);
        },
        abortFlood: () => (stopFlood = true),
      },
    );
    const decoder = new TextDecoder();
    const controls = ws.protocol === CONSOLE_CONTROL;
    ws.on('message', (data, isBinary) => {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (controls && !isBinary && buf.subarray(0, 8).toString() === '{"type":') return control(buf.toString());
      shell.input(decoder.decode(buf, { stream: true }));
    });
    ws.on('close', () => (stopFlood = true));

    function control(text: string): void {
      let msg: { type?: unknown; cols?: unknown; rows?: unknown };
      try {
        msg = JSON.parse(text) as typeof msg;
      } catch {
        return; // a broken control frame is dropped; it is never typed into the shell
      }
      if (msg.type === 'resize') {
        size.cols = clampSize(msg.cols, size.cols);
        size.rows = clampSize(msg.rows, size.rows);
      }
    }

    shell.start(BANNERS[inst.kind](inst));
  };
  return Object.assign(handler, { protocols: () => [CONSOLE_CONTROL] });
}
