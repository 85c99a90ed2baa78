/**
 * `desktop.notify`: the window decides what is worth a notification (features/notifications in
 * the renderer, from what it already streams and reads), the host shows it natively. The host
 * still holds it against the person's per-zone switches (the agent's settings), so a page cannot
 * raise one the person turned off, and the link a click opens must be a Zonedeck link to the
 * same zone. A click brings the main window to the front and hands the link to the agent, as a
 * link from the OS is (the window takes it through app.link).
 */
import { z } from 'zod';
import { parseDeepLink } from '../contract/deep-link';
import type { DesktopNotice, DesktopNoticeResult } from '../contract/desktop';
import { AGENT_CODES } from '../contract/errors';
import type { Reply } from '../contract/protocol';
import { type AppSettings, NOTICE_KINDS, type NoticeKind } from '../contract/settings';
import { notify } from './notify';

export interface NoticeDeps {
  /** The agent's settings now (the per-zone switches). */
  settings(): Promise<AppSettings | null>;
  /** The main window to the front: shown, restored, or opened anew. */
  showMain(): void;
  /** A deep link for the window, as one from the OS. */
  openLink(url: string): void;
  /** Shows a notification (notify.ts); false when the desktop has none. */
  show?: (title: string, body: string, onClick: () => void) => boolean;
}

const notice = z
  .object({
    zone: z.string().min(1).max(200),
    kind: z.enum(NOTICE_KINDS as [NoticeKind, ...NoticeKind[]]),
    title: z.string().trim().min(1).max(200),
    body: z.string().max(1000),
    link: z.string().startsWith('zonedeck://').max(2048),
  })
  .strict();

const invalid = (message: string): Reply<never> => ({
  ok: false,
  error: { status: 0, code: AGENT_CODES.validation, message },
});

export function noticeHandler(deps: NoticeDeps): (input: unknown) => Promise<Reply<DesktopNoticeResult>> {
  const show = deps.show ?? notify;
  return async (input) => {
    const parsed = notice.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return invalid(`Invalid input for desktop.notify — ${String(issue?.path[0] ?? 'input')}: ${issue?.message}`);
    }
    const n: DesktopNotice = parsed.data;
    const link = parseDeepLink(n.link);
    if (!link || link.zone !== n.zone)
      return invalid('Invalid input for desktop.notify — link: not a link into its zone');
    const settings = await deps.settings();
    if (!settings?.notifications[n.zone]?.includes(n.kind))
      return { ok: true, result: { shown: false, reason: 'off' } };
    const shown = show(n.title, n.body, () => {
      deps.showMain();
      deps.openLink(n.link);
    });
    return { ok: true, result: shown ? { shown: true } : { shown: false, reason: 'unsupported' } };
  };
}
