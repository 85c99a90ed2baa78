/**
 * Browser mode's session with the host (src-main/web/session-cookie.ts): the launch token from the
 * URL fragment is traded once for an HttpOnly cookie no page script can read, so a reload or a
 * second tab reaches the agent without the token; and when a socket is refused, the host says
 * whether this tab's session is still good, so the screen can tell the truth.
 */
const SESSION_PATH = '/agent/session';

/** Asks the host for the session cookie; a failure only means a reload will need the link again. */
export async function tradeTokenForCookie(token: string): Promise<void> {
  try {
    await fetch(SESSION_PATH, { method: 'POST', headers: { 'x-zonedeck-token': token }, credentials: 'same-origin' });
  } catch {
    // The socket still works with the token this time; the refusal screen explains a later reload.
  }
}

/**
 * Why the socket is refused, in words, or null when the session is good (or the host did not
 * answer at all: it may be restarting, so reconnecting is right).
 */
export async function sessionProblem(): Promise<string | null> {
  let status: number;
  try {
    status = (await fetch(SESSION_PATH, { method: 'POST', credentials: 'same-origin' })).status;
  } catch {
    return null;
  }
  if (status !== 401 && status !== 403) return null;
  return 'This tab has no session with Zonedeck’s local agent: the browser host was restarted, or this address was opened without its link. Open Zonedeck from the link the browser host printed (npm run web prints it again).';
}
