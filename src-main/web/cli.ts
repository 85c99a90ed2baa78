/**
 * `npm run web`: the app in a browser, for machines where Electron cannot start and for tests.
 * Flags: --port N (0 = any free), --no-open, --data-dir D, --json, --memory-secrets, --renderer-dir D,
 * --log-level error|warn|info|debug (default: the level saved in Settings, else info; the log is <data dir>/logs/zonedeck.log).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isLogLevel, LOG_LEVELS } from '../agent/log/levels';
import { lateLogger } from '../agent/log/late-logger';
import { defaultDataDir } from '../agent/paths';
import { keepServingOnStrayErrors } from '../agent/process-guards';
import { osOpen } from './os-open';
import { startWebHost, type WebHost } from './server';
import { holdUndici, warmUndici } from '../agent/http/undici-lazy';
import { mark } from '../agent/marks';
import type { HostAgent } from './host-agent';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function fail(message: string): never {
  console.error(`zonedeck: ${message}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        'no-open': { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        'memory-secrets': { type: 'boolean', default: false },
        'renderer-dir': { type: 'string' },
        'keychain-service': { type: 'string' },
        'log-level': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (err) {
    fail(
      `${(err as Error).message}\nusage: npm run web -- [--port N] [--no-open] [--data-dir DIR] [--json] [--memory-secrets] [--log-level LEVEL]`,
    );
  }
}

async function main(): Promise<void> {
  mark('host.main');
  const flags = parse();
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be a number from 0 to 65535, not “${flags.port}”.`);
  const dataDir = flags['data-dir'] ?? defaultDataDir();
  // --log-level wins over the level saved in Settings (read with the agent, host-agent.ts).
  const level = flags['log-level']?.toLowerCase();
  if (level !== undefined && !isLogLevel(level))
    fail(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not “${flags['log-level']}”.`);
  const rendererDir = flags['renderer-dir'] ?? `${ROOT}out/renderer`;
  if (!existsSync(`${rendererDir}/index.html`)) fail(`the renderer is not built (${rendererDir}). Run: npm run build`);
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  // undici (the agent's HTTP client) is compiled once the page has its document or a command line
  // says hello, not as the browser asks for the page (see holdUndici); at most 1 s later.
  let release = () => {};
  holdUndici(new Promise<void>((r) => (release = r)), 1000);
  // What is logged before the file logger exists waits for it.
  const log = lateLogger();
  keepServingOnStrayErrors(log.child('process'));
  // The page is served first and the agent loads meanwhile (~100 ms of modules here, and its
  // keychain): the browser's own start (a renderer for the new origin, the page's scripts) runs
  // beside it, and the page's socket is answered once the agent is there (#39).
  const agentUp = import('./host-agent').then(({ startHostAgent }) =>
    startHostAgent({
      dataDir,
      level,
      version,
      memorySecrets: flags['memory-secrets'],
      keychainService: flags['keychain-service'],
      onCliClient: release,
    }),
  );
  agentUp.catch(() => undefined); // answered below, once the page's server is up
  const webLog = log.child('web');
  const host = await startWebHost({
    agent: agentUp.then((a) => a.agent),
    rendererDir,
    port,
    log: webLog,
    onPageLoading: release,
  }).catch(async (err: unknown) => {
    // No host after all (the port is taken): the agent's socket and announce file must not outlive it.
    await close(await agentUp.catch(() => undefined));
    throw err;
  });
  mark('host.listening');
  // A signal from now on closes what is open; one with no listener would kill the host unclosed.
  const stop = async () => {
    await host.close();
    await close(await agentUp.catch(() => undefined));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  // The page can be opened now; the ready line below says the agent and the command line's
  // socket are up too.
  if (flags.json) console.log(JSON.stringify({ event: 'page', url: host.url }));
  if (!flags['no-open']) openBrowser(host, webLog);
  let up: HostAgent;
  try {
    up = await agentUp;
  } catch (err) {
    await host.close();
    fail((err as Error).message);
  }
  log.attach(up.logs.log);
  webLog.debug('browser host options', {
    port,
    dataDir,
    rendererDir,
    memorySecrets: flags['memory-secrets'],
    json: flags.json,
    open: !flags['no-open'],
  });
  // The URL's token stays out of the log (the logger would mask it too).
  webLog.info('browser host ready', { port: host.port, rendererDir });
  mark('host.ready');
  if (flags.json) console.log(JSON.stringify({ event: 'ready', url: host.url }));
  else console.log(`Zonedeck ready: ${host.url}`);
  warmUndici();
}

async function close(up: HostAgent | undefined): Promise<void> {
  await up?.cliSocket?.close();
  await up?.agent.dispose();
  up?.logs.close();
}

function openBrowser(host: WebHost, log: { warn(msg: string, fields?: Record<string, unknown>): void }): void {
  void osOpen(host.url, 'url').then((failure) => {
    if (!failure) return;
    log.warn('could not open a browser', { reason: failure });
    console.error(`zonedeck: could not open a browser; open ${host.url.split('#')[0]} with the link Zonedeck prints.`);
  });
}

void main().catch((err: unknown) => fail((err as Error).message));
