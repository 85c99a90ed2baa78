/**
 * Client secrets shown once (create, rotate) wait here, in memory, under a random handle for a
 * few minutes. The renderer gets the handle; the value crosses the bridge only when the person
 * clicks Copy or Reveal, and "save to keychain" uses it without it ever leaving the agent.
 */
import { randomBytes } from 'node:crypto';
import type { ApiClientView, SecretOnce } from '../../contract/commands-identity';
import { AgentError } from '../../contract/errors';

/** Long enough to read the panel and decide; short enough that a forgotten tab does not keep it. */
export const SECRET_TTL_MS = 10 * 60_000;

interface Held {
  client: ApiClientView;
  secret: string;
  expiresAt: number;
}

export class SecretHandles {
  private readonly held = new Map<string, Held>();

  constructor(private readonly now: () => number = Date.now) {}

  put(client: ApiClientView, secret: string): SecretOnce {
    this.sweep();
    const secretHandle = `sh_${randomBytes(12).toString('hex')}`;
    const expiresAt = this.now() + SECRET_TTL_MS;
    this.held.set(secretHandle, { client, secret, expiresAt });
    return { client, secretHandle, expiresAt };
  }

  get(handle: string): Held {
    this.sweep();
    const h = this.held.get(handle);
    if (!h) {
      throw new AgentError({
        status: 0,
        code: 'secret_gone',
        message:
          'That secret is no longer held: it is kept only for 10 minutes after it was made. Rotate the client to get a new one.',
      });
    }
    return h;
  }

  forget(handle: string): void {
    this.held.delete(handle);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, h] of this.held) if (h.expiresAt <= now) this.held.delete(k);
  }
}

/** One store per agent: keyed by the agent's context so two agents (tests) never share secrets. */
const stores = new WeakMap<object, SecretHandles>();
export function secretHandlesOf(ctx: object): SecretHandles {
  let s = stores.get(ctx);
  if (!s) stores.set(ctx, (s = new SecretHandles()));
  return s;
}
