/**
 * The remembered-browser cookie (platform_device). The zone scopes it to the parent domain of
 * all its zones, so it is kept once per domain, in the keychain, and sent to every zone below it.
 */
import type { SecretStore } from '../secrets/secret-store';
import { type Logger, silentLogger } from '../log';

const NAME = 'platform_device';

interface StoredCookie {
  value: string;
  /** Epoch ms; the zone says 30 days (on its own clock: the zone has the last word, see auth.ts). */
  expires: number;
  /** The account it was set for, so a lapse can be told from another account's cookie. */
  owner?: string;
}

export class DeviceCookies {
  constructor(
    private readonly secrets: SecretStore,
    private readonly now: () => number = Date.now,
    private readonly log: Logger = silentLogger,
  ) {}

  /** The Cookie header for a request to `host`, when a live cookie covers it. */
  async header(host: string): Promise<string | undefined> {
    const c = await this.live(host);
    return c ? `${NAME}=${c.value}` : undefined;
  }

  /** The account the live cookie covering `host` was set for ('' when not known, undefined when none). */
  async ownerOf(host: string): Promise<string | undefined> {
    const c = await this.live(host);
    return c ? (c.owner ?? '') : undefined;
  }

  /** Keeps the cookie from a reply's Set-Cookie headers; a cleared cookie forgets it. */
  async capture(host: string, setCookies: readonly string[], owner?: string): Promise<boolean> {
    for (const line of setCookies) {
      const parsed = parseSetCookie(line, host, this.now());
      if (!parsed) continue;
      if (parsed.expires <= this.now() || parsed.value === '') {
        await this.secrets.delete(key(parsed.domain));
        this.log.info('the zone cleared the remembered-browser cookie', { domain: parsed.domain });
      } else {
        const stored: StoredCookie = {
          value: parsed.value,
          expires: parsed.expires,
          ...(owner ? { owner: owner.toLowerCase() } : {}),
        };
        await this.secrets.set(key(parsed.domain), JSON.stringify(stored));
        this.log.info('remembered this browser', {
          domain: parsed.domain,
          expires: new Date(parsed.expires).toISOString(),
        });
      }
      return true;
    }
    return false;
  }

  private async live(host: string): Promise<StoredCookie | undefined> {
    for (const domain of parentDomains(host)) {
      const raw = await this.secrets.get(key(domain)).catch((err: unknown) => {
        this.log.warn('could not read the remembered-browser cookie; signing in without it', { domain, err });
        return null;
      });
      if (!raw) continue;
      const c = JSON.parse(raw) as StoredCookie;
      if (c.expires > this.now()) return c;
      this.log.debug('the remembered-browser cookie expired', { domain });
      await this.secrets
        .delete(key(domain))
        .catch((err: unknown) =>
          this.log.warn('could not delete an expired remembered-browser cookie', { domain, err }),
        );
    }
    return undefined;
  }

  /** Forget the cookie covering `host` (the user removed this browser in the security screen). */
  async forget(host: string): Promise<void> {
    for (const domain of parentDomains(host)) {
      await this.secrets
        .delete(key(domain))
        .catch((err: unknown) => this.log.warn('could not forget the remembered-browser cookie', { domain, err }));
    }
  }

  /**
   * A zone moved away from `host`: forget the cookies that covered it, except a parent domain that
   * still covers another zone (`others`), which is that zone's as much as this one's.
   */
  async forgetMoved(host: string, others: readonly string[]): Promise<void> {
    for (const domain of parentDomains(host)) {
      if (others.some((o) => parentDomains(o).includes(domain))) continue;
      await this.secrets
        .delete(key(domain))
        .catch((err: unknown) => this.log.warn('could not forget the remembered-browser cookie', { domain, err }));
    }
  }
}

function key(domain: string): string {
  return `cookie:${domain}`;
}

/** host itself and each parent with at least two labels: a.b.example.com -> …, example.com. */
export function parentDomains(host: string): string[] {
  const labels = host.toLowerCase().split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

export function parseSetCookie(line: string, host: string, now: number) {
  const [pair, ...attrs] = line.split(';').map((s) => s.trim());
  const eq = pair?.indexOf('=') ?? -1;
  if (!pair || eq < 0 || pair.slice(0, eq) !== NAME) return undefined;
  let domain = host.toLowerCase();
  let expires = now + 30 * 86400_000;
  for (const attr of attrs) {
    const [k = '', v = ''] = attr.split('=');
    const name = k.toLowerCase();
    if (name === 'domain' && v) {
      const d = v.replace(/^\./, '').toLowerCase();
      // A zone may only set a cookie for itself or a parent of itself.
      if (host.toLowerCase() === d || host.toLowerCase().endsWith(`.${d}`)) domain = d;
    } else if (name === 'max-age') expires = now + Number(v) * 1000;
    else if (name === 'expires' && !attrs.some((a) => a.toLowerCase().startsWith('max-age'))) expires = Date.parse(v);
  }
  return { value: pair.slice(eq + 1), domain, expires };
}
