/**
 * `npm run web`: the app in a browser, for machines where Electron cannot start and for tests.
 * Flags: --port N (0 = any free), --no-open, --data-dir D, --json, --memory-secrets, --renderer-dir D.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAgent } from '../agent/agent';
import { defaultDataDir } from '../agent/paths';
import { createSandboxRunner, sandboxScaleFromEnv } from '../sandbox/runner';
import { startWebHost } from './server';

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
      },
      strict: true,
    }).values;
  } catch (err) {
    fail(`${(err as Error).message}\nusage: npm run web -- [--port N] [--no-open] [--data-dir DIR] [--json] [--memory-secrets]`);
  }
}

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', () => console.error(`zonedeck: could not open a browser; open ${url.split('#')[0]} with the link above.`));
  child.unref();
}

async function main(): Promise<void> {
  const flags = parse();
  const port = Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a number from 0 to 65535, not “${flags.port}”.`);
  const rendererDir = flags['renderer-dir'] ?? `${ROOT}out/renderer`;
  if (!existsSync(`${rendererDir}/index.html`)) fail(`the renderer is not built (${rendererDir}). Run: npm run build`);
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  const agent = await createAgent({
    dataDir: flags['data-dir'] ?? defaultDataDir(),
    host: 'browser',
    version,
    ...(flags['memory-secrets'] ? { memorySecrets: true } : {}),
    ...(flags['keychain-service'] ? { keychainService: flags['keychain-service'] } : {}),
    sandbox: createSandboxRunner({ scale: sandboxScaleFromEnv() }),
  });
  const host = await startWebHost({ agent, rendererDir, port });
  if (flags.json) console.log(JSON.stringify({ event: 'ready', url: host.url }));
  else console.log(`Zonedeck ready: ${host.url}`);
  if (!flags['no-open']) openBrowser(host.url);
  const stop = async () => {
    await host.close();
    await agent.dispose();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main().catch((err: unknown) => fail((err as Error).message));
