/**
 * `npm run web`: the app in a browser, for machines where Electron cannot start and for tests.
 * Flags: --port N (0 = any free), --no-open, --data-dir D, --json, --memory-secrets, --renderer-dir D,
 * --log-level error|warn|info|debug (default: the level saved in Settings, else info; the log is <data dir>/logs/zonedeck.log).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAgent } from '../agent/agent';
import { createFileLogger, isLogLevel, LOG_LEVELS } from '../agent/log';
import { savedLogLevel } from '../agent/settings/app-settings';
import { defaultDataDir } from '../agent/paths';
import { keepServingOnStrayErrors } from '../agent/process-guards';
import { osOpen } from './os-open';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { startWebHost } from './server';
import { holdUndici, warmUndici } from '../agent/http/undici-lazy';
import { serveAgentSocket } from '../cli/socket-server';
import { mark } from '../agent/marks';

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
  // --log-level wins over the level saved in Settings.
  const level = flags['log-level']?.toLowerCase() ?? savedLogLevel(dataDir);
  if (!isLogLevel(level)) fail(`--log-level must be one of ${LOG_LEVELS.join(', ')}, not “${flags['log-level']}”.`);
  const rendererDir = flags['renderer-dir'] ?? `${ROOT}out/renderer`;
  if (!existsSync(`${rendererDir}/index.html`)) fail(`the renderer is not built (${rendererDir}). Run: npm run build`);
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  // undici (the agent's HTTP client) is compiled once the page has its document or a command line
  // says hello, not as the ready line goes out, when the browser asks for the page (see
  // holdUndici); at most 1 s later.
  let release = () => {};
  holdUndici(new Promise<void>((r) => (release = r)), 1000);
  const logs = createFileLogger({ dataDir, level });
  const log = logs.log.child('web');
  keepServingOnStrayErrors(logs.log.child('process'));
  log.debug('browser host options', {
    port,
    dataDir,
    rendererDir,
    memorySecrets: flags['memory-secrets'],
    json: flags.json,
    open: !flags['no-open'],
  });
  const agent = await createAgent({
    dataDir,
    host: 'browser',
    version,
    log: logs.log,
    openPath: (folder) => osOpen(folder, 'folder'),
    ...(flags['memory-secrets'] ? { memorySecrets: true } : {}),
    ...(flags['keychain-service'] ? { keychainService: flags['keychain-service'] } : {}),
    sandbox: createSandboxRunner({ scale: sandboxScaleFromEnv() }),
  });
  // The page's server and the command line's socket (`zonedeck` in a terminal uses this agent and
  // its sign-ins while the host runs) come up together: both are ready before the ready line.
  const socketUp = serveAgentSocket({ agent, dataDir, log: logs.log.child('cli-socket'), onClient: release }).catch(
    (err: unknown) => {
      log.warn('the command line cannot reach this agent; it will run its own', { err });
      return undefined;
    },
  );
  const host = await startWebHost({ agent, rendererDir, port, log, onPageLoading: release }).catch(
    async (err: unknown) => {
      // No host after all: its socket and announce file must not outlive it.
      await (await socketUp)?.close();
      throw err;
    },
  );
  mark('host.listening');
  const cliSocket = await socketUp;
  // Before the ready line: whoever read it may stop the host at once, and a signal with no
  // listener yet would kill it without closing (conf's exit hook used to listen early).
  const stop = async () => {
    await cliSocket?.close();
    await host.close();
    await agent.dispose();
    logs.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  // The URL's token stays out of the log (the logger would mask it too).
  log.info('browser host ready', { port: host.port, rendererDir });
  mark('host.ready');
  if (flags.json) console.log(JSON.stringify({ event: 'ready', url: host.url }));
  else console.log(`Zonedeck ready: ${host.url}`);
  warmUndici();
  if (!flags['no-open']) {
    void osOpen(host.url, 'url').then((failure) => {
      if (!failure) return;
      log.warn('could not open a browser', { reason: failure });
      console.error(`zonedeck: could not open a browser; open ${host.url.split('#')[0]} with the link above.`);
    });
  }
}

void main().catch((err: unknown) => fail((err as Error).message));
