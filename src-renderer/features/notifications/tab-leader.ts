/**
 * In browser mode every open tab of Zonedeck sees the same runs and zone health, so one tab is
 * elected to raise notifications, through a BroadcastChannel: the oldest tab still open leads.
 * Each tab says it is here when it starts (the others answer), again every HEARTBEAT_MS, and
 * goodbye when it closes; a tab not heard of for GONE_MS (it crashed, or was frozen) is taken for
 * gone. When the leader goes, the next oldest leads at once. A tab that is not leading hands its
 * notices to the leader (`forward`), which raises each once: what only it sees is still told.
 * A new tab leads until the others' answers arrive (milliseconds): its first reads raise nothing
 * anyway (what it first sees is taken as it is), so it needs no wait.
 */
import type { Notice } from './notice-rule';

export const CHANNEL = 'zonedeck.notices';
export const HEARTBEAT_MS = 2_000;
export const GONE_MS = 5_000;

type Message =
  { type: 'here'; id: string; ask?: boolean } | { type: 'bye'; id: string } | { type: 'notice'; notice: Notice };

export interface TabLeader {
  /** Whether this tab raises notifications now. */
  leading(): boolean;
  /** Hands a notice to the leading tab. */
  forward(n: Notice): void;
  stop(): void;
}

let started = 0;
/** Older tabs sort first: the start time (fixed width), then a random tail against ties. */
const tabId = () =>
  `${Date.now().toString(36).padStart(10, '0')}-${(started++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** `raise`: what the leader does with a notice another tab handed over. */
export function electTab(raise: (n: Notice) => void, name = CHANNEL): TabLeader {
  const id = tabId();
  const peers = new Map<string, number>();
  const channel = new BroadcastChannel(name);
  const post = (m: Message) => channel.postMessage(m);

  const leading = () => {
    const now = Date.now();
    for (const [peer, at] of peers) {
      if (now - at > GONE_MS) peers.delete(peer);
      else if (peer < id) return false;
    }
    return true;
  };

  channel.onmessage = (e: MessageEvent<Message>) => {
    const m = e.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'here' && typeof m.id === 'string') {
      peers.set(m.id, Date.now());
      if (m.ask) post({ type: 'here', id });
    } else if (m.type === 'bye' && typeof m.id === 'string') peers.delete(m.id);
    else if (m.type === 'notice' && m.notice && leading()) raise(m.notice);
  };

  const beat = setInterval(() => post({ type: 'here', id }), HEARTBEAT_MS);
  const bye = () => post({ type: 'bye', id });
  window.addEventListener('pagehide', bye);
  post({ type: 'here', id, ask: true });

  return {
    leading,
    forward: (notice) => post({ type: 'notice', notice }),
    stop() {
      clearInterval(beat);
      window.removeEventListener('pagehide', bye);
      bye();
      channel.close();
    },
  };
}
