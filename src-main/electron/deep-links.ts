/**
 * zonedeck:// links from the OS: registered as the scheme's handler, then handed to the agent,
 * which keeps the link until the window takes it. Windows and Linux start a second instance with
 * the link in argv (single-instance lock: the first gets it in 'second-instance'); macOS sends
 * 'open-url', possibly before the app is ready, so links wait here until the agent exists.
 */
import path from 'node:path';
import { app } from 'electron';
import { DEEP_LINK_SCHEME, deepLinkInArgv } from '../contract/deep-link';

let deliver: ((url: string) => void) | null = null;
const early: string[] = [];

function hand(url: string): void {
  if (deliver) deliver(url);
  else early.push(url);
}

/** Call before 'ready': registers the scheme and listens for macOS's open-url. */
export function registerDeepLinks(): void {
  // Started as `electron .` in development, the OS must be told which script to run.
  if (process.defaultApp && process.argv[1])
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    hand(url);
  });
  const first = deepLinkInArgv(process.argv);
  if (first) early.push(first);
}

/** Once the agent runs: links arriving from now on (and those that came early) go to `open`. */
export function deliverDeepLinks(open: (url: string) => void): void {
  deliver = open;
  for (const url of early.splice(0)) open(url);
}

/** A second instance's argv, as 'second-instance' gives it. */
export function linkFromSecondInstance(argv: readonly string[]): void {
  const url = deepLinkInArgv(argv);
  if (url) hand(url);
}
