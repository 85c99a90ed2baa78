/**
 * The preload bridge (built as CommonJS: sandboxed preloads cannot be ES modules). It exposes
 * exactly the Bridge of the contract; ipcRenderer and IPC event objects never reach the page,
 * and listeners receive only payloads. What to do with each message (replies, cancels, events,
 * stream output held until the page listens) is the contract's BridgeRouter, shared with browser
 * mode's web-bridge.ts; this file only moves messages over IPC.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BridgeRouter } from '../contract/bridge-router';
import { AGENT_CODES } from '../contract/errors';
import type { AgentEventName, Bridge, Reply, ServerMessage } from '../contract/protocol';

// Same names as CHANNELS in ipc.ts; not imported, so the preload does not pull in the IPC adapter.
const INVOKE = 'zonedeck:invoke';
const STREAM = 'zonedeck:stream';
const EVENT = 'zonedeck:event';
const CANCEL = 'zonedeck:cancel';

const router = new BridgeRouter({
  invoke(id, command, input) {
    (ipcRenderer.invoke(INVOKE, command, input, id) as Promise<Reply>).then(
      (reply) => router.reply(id, reply),
      // ipc.ts never throws; a broken main process would: keep the one error shape.
      (err: unknown) =>
        router.reply(id, {
          ok: false,
          error: { status: 0, code: AGENT_CODES.internal, message: err instanceof Error ? err.message : String(err) },
        }),
    );
  },
  cancel(id) {
    ipcRenderer.send(CANCEL, id);
  },
  sendStream(msg) {
    ipcRenderer.send(STREAM, msg);
  },
});

ipcRenderer.on(EVENT, (_e, msg: { name: AgentEventName; payload: unknown }) => router.event(msg.name, msg.payload));
ipcRenderer.on(STREAM, (_e, msg: Extract<ServerMessage, { t: 'stream' }>) => router.stream(msg));

const bridge: Bridge = {
  invoke: (command, input, callId) => router.invoke(command, input, callId),
  cancel: (callId) => router.cancel(callId),
  onEvent: (listener) => router.onEvent(listener),
  onStream: (sid, listener) => router.onStream(sid, listener),
  sendStream: (msg) => router.sendStream(msg),
  desktop: { platform: process.platform },
};

contextBridge.exposeInMainWorld('zonedeck', bridge);
