/** The window's side of a running host (spawn-web-host.ts): its agent's commands over the WebSocket. */
import { WebSocket } from 'ws';
import type { CommandInput, CommandName, CommandOutput } from '../../src-main/contract/commands';
import type { ServerMessage } from '../../src-main/contract/protocol';
import type { HostProcess } from './spawn-web-host';

export async function hostWindow(host: HostProcess) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  let nextId = 1;
  return {
    async invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
      const id = nextId++;
      const reply = new Promise<Extract<ServerMessage, { t: 'reply' }>>((resolve) => {
        const on = (m: Buffer, binary: boolean) => {
          if (binary) return;
          const msg = JSON.parse(m.toString()) as ServerMessage;
          if (msg.t === 'reply' && msg.id === id) {
            ws.off('message', on);
            resolve(msg);
          }
        };
        ws.on('message', on);
      });
      ws.send(JSON.stringify({ t: 'invoke', id, command, input }));
      const msg = await reply;
      if (!msg.ok) throw new Error(msg.error.message);
      return msg.result as CommandOutput<C>;
    },
    close: () => ws.close(),
  };
}
