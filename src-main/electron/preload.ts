/**
 * The preload bridge (built as CommonJS: sandboxed preloads cannot be ES modules). It exposes
 * exactly the Bridge of the contract; ipcRenderer and IPC event objects never reach the page,
 * and listeners receive only payloads.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { AgentEventName, Bridge, ClientMessage, Reply, ServerMessage } from '../contract/protocol';

// Same names as CHANNELS in ipc.ts; not imported, so the preload bundle stays this one file.
const INVOKE = 'zonedeck:invoke';
const STREAM = 'zonedeck:stream';
const EVENT = 'zonedeck:event';

type StreamMsg = Extract<ServerMessage, { t: 'stream' }>;
type StreamListener = (msg: StreamMsg) => void;

const eventListeners = new Set<(name: AgentEventName, payload: unknown) => void>();
const streamListeners = new Map<string, Set<StreamListener>>();
/**
 * Output that arrives for a stream before the page has subscribed (the first data can overtake
 * the page's handling of the open reply). Held briefly, capped, then handed over on subscribe.
 */
const early = new Map<string, StreamMsg[]>();
const EARLY_STREAMS = 32;
const EARLY_MSGS = 512;

ipcRenderer.on(EVENT, (_e, msg: { name: AgentEventName; payload: unknown }) => {
  for (const l of [...eventListeners]) l(msg.name, msg.payload);
});

ipcRenderer.on(STREAM, (_e, msg: StreamMsg) => {
  const ls = streamListeners.get(msg.sid);
  if (ls?.size) {
    for (const l of [...ls]) l(msg);
    return;
  }
  let queue = early.get(msg.sid);
  if (!queue) {
    if (early.size >= EARLY_STREAMS) early.delete(early.keys().next().value as string);
    queue = [];
    early.set(msg.sid, queue);
  }
  if (queue.length < EARLY_MSGS) queue.push(msg);
});

const bridge: Bridge = {
  invoke: (command, input) => ipcRenderer.invoke(INVOKE, command, input) as Promise<Reply>,
  onEvent(listener) {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  },
  onStream(sid, listener) {
    let ls = streamListeners.get(sid);
    if (!ls) streamListeners.set(sid, (ls = new Set()));
    ls.add(listener);
    const held = early.get(sid);
    early.delete(sid);
    // Delivered after returning, so the caller has its unsubscribe handle first.
    if (held) queueMicrotask(() => held.forEach((m) => listener(m)));
    return () => {
      ls.delete(listener);
      if (ls.size === 0) streamListeners.delete(sid);
    };
  },
  sendStream(msg: Extract<ClientMessage, { t: 'stream' }>) {
    ipcRenderer.send(STREAM, msg);
  },
  desktop: { platform: process.platform },
};

contextBridge.exposeInMainWorld('zonedeck', bridge);
