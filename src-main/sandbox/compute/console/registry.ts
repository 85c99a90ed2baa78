/**
 * Open consoles per instance, so they can be closed when the instance stops being usable (stop,
 * suspend, reboot, delete: close code 4410) and cut when a 'drop-websockets' fault is posted.
 */
import type { WebSocket } from 'ws';

export class ConsoleRegistry {
  private readonly open = new Map<string, Set<WebSocket>>();

  add(instanceId: string, ws: WebSocket): void {
    let s = this.open.get(instanceId);
    if (!s) this.open.set(instanceId, (s = new Set()));
    s.add(ws);
    ws.once('close', () => {
      s.delete(ws);
      if (s.size === 0 && this.open.get(instanceId) === s) this.open.delete(instanceId);
    });
  }

  closeFor(instanceId: string, code: number, reason: string): void {
    for (const ws of this.open.get(instanceId) ?? []) ws.close(code, reason);
  }

  /** A network drop: no close frame, like a cable pulled. */
  dropAll(): void {
    for (const s of this.open.values()) for (const ws of s) ws.terminate();
    this.open.clear();
  }
}
