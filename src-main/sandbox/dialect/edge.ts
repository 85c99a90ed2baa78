/**
 * An outer layer a dialect may add around the seeded one (random renaming, whole public API
 * styles): it turns the zone's request into the standard one, lets the seeded layer and the handler
 * run, and says the reply, or the error the handler threw, its own way. Errors reach it unrendered.
 */
import type { SandboxRequest, SandboxResponse } from '../core/types';

export type Next = (req: SandboxRequest) => Promise<SandboxResponse>;

export interface Edge {
  run(routeId: string, req: SandboxRequest, next: Next): Promise<SandboxResponse>;
  /** What GET /_sandbox/dialect shows beyond the choices (the renaming map, the style), for a failing test. */
  describe(): Record<string, unknown>;
  /** A WebSocket request (which `run` never sees) with the path's ids in standard words (style:stripe's prefixed ids). */
  inbound?(req: SandboxRequest): SandboxRequest;
}
