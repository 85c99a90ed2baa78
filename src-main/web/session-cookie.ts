/**
 * A browser-mode session that survives a reload and a second tab without putting the launch token
 * where page scripts can read it: the page trades the token from its URL fragment, once, for an
 * HttpOnly, SameSite=Strict cookie scoped to the agent socket's path. The socket then accepts the
 * token or that cookie, always behind the Host and Origin checks; the cookie's value is a second
 * per-launch secret, so a restarted host answers an old tab with a clear refusal.
 */
import { newToken, tokenMatches } from './guards';

export const SESSION_PATH = '/agent/session';

export class SessionCookie {
  private readonly secret = newToken();

  /** Named by port: cookies are not kept apart by port, two hosts on one machine must not overwrite each other's. */
  constructor(private readonly port: () => number) {}

  private get name(): string {
    return `zd_agent_${this.port()}`;
  }

  /** The Set-Cookie value: no Expires (gone when the browser closes), no Secure (plain http on loopback). */
  header(): string {
    return `${this.name}=${this.secret}; HttpOnly; SameSite=Strict; Path=/agent`;
  }

  /** Whether a Cookie header carries this launch's session. */
  matches(cookieHeader: string | undefined): boolean {
    if (!cookieHeader) return false;
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === this.name && tokenMatches(this.secret, part.slice(eq + 1).trim()))
        return true;
    }
    return false;
  }
}
