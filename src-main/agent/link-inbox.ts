/**
 * The deep link the host was handed last (`zonedeck://…` on the command line, a second instance,
 * or macOS's open-url), kept until the window takes it: at start the window may not be listening yet.
 */
import { type DeepLink, parseDeepLink } from '../contract/deep-link';

export class LinkInbox {
  private pending: DeepLink | null = null;

  /** True when `raw` is a Zonedeck link (now waiting); anything else is dropped. */
  offer(raw: string): boolean {
    const link = parseDeepLink(raw);
    if (link) this.pending = link;
    return !!link;
  }

  take(): DeepLink | null {
    const link = this.pending;
    this.pending = null;
    return link;
  }
}
