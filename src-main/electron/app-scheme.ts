/**
 * The renderer is served from the app's own scheme, not from file:// (issue #39, the Electron
 * start): a standard, secure scheme with V8's code cache, so Chromium keeps the compiled entry
 * chunk between starts (it keeps none for file://), and the page has a real origin for its CSP and
 * its workers, as VS Code serves its window from `vscode-file://`. Only files under the built
 * renderer's folder are served (app-file.ts); anything else is a 404.
 */
import { pathToFileURL } from 'node:url';
import { net, protocol, type Session, session } from 'electron';
import { APP_SCHEME, appFileFor } from './app-file';
import { CSP } from './security';

/** Before 'ready': a scheme's privileges can be set only then. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
    },
  ]);
}

const notFound = () => new Response('Not found', { status: 404 });

/** After 'ready': answers the scheme's GETs with the files under `root` (out/renderer). */
export function serveAppScheme(root: string, ses: Session = session.defaultSession): void {
  ses.protocol.handle(APP_SCHEME, async (request) => {
    const file = request.method === 'GET' ? appFileFor(request.url, root) : null;
    if (!file) return notFound();
    const reply = await net.fetch(pathToFileURL(file).href).catch(() => null);
    if (!reply?.ok) return notFound();
    // A fetched reply's headers are read-only: the policy goes on a copy.
    const headers = new Headers(reply.headers);
    headers.set('Content-Security-Policy', CSP);
    return new Response(reply.body, { status: reply.status, headers });
  });
}
