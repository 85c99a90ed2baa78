/**
 * `npm run sandbox` — start the local zones and print ONE JSON "ready" line on stdout (zones and
 * seed users), then serve until SIGINT/SIGTERM. Bad flags: a message on stderr and exit code 2.
 */
import { parseArgs } from 'node:util';
import { DIALECT_HELP, isDialect } from './dialect/choose';
import { startSandbox, type SandboxOptions } from './server';
import { dialectBody } from './control/api';

const USAGE = `usage: sandbox [--port N] [--zones eu-1,us-1] [--host-suffix sandbox.localhost] [--tls]
               [--data-dir DIR] [--scale N] [--no-encryption-key] [--dialect standard|variant|seed:N|random:N|style:NAME]`;

class UsageError extends Error {}

function intFlag(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${v}"`);
  return n;
}

export function parseFlags(argv: string[]): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        zones: { type: 'string' },
        'host-suffix': { type: 'string' },
        tls: { type: 'boolean' },
        'data-dir': { type: 'string' },
        scale: { type: 'string' },
        'no-encryption-key': { type: 'boolean' },
        dialect: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) throw new UsageError('');
  const suffix = values['host-suffix'];
  if (suffix !== undefined && !/^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(suffix))
    throw new UsageError(`--host-suffix "${suffix}" is not a host name`);
  const dialect = values.dialect;
  if (dialect !== undefined && !isDialect(dialect))
    throw new UsageError(`--dialect must be ${DIALECT_HELP}, got "${dialect}"`);
  return {
    dialect,
    port: intFlag(values.port, 'port', 0, 65535) ?? 0,
    zones: values.zones?.split(',').map((z) => z.trim()),
    hostSuffix: suffix,
    tls: values.tls ?? false,
    dataDir: values['data-dir'],
    scale: intFlag(values.scale, 'scale', 0, 100_000),
    encryptionKey: !values['no-encryption-key'],
  };
}

async function main(): Promise<void> {
  let opts: SandboxOptions;
  try {
    opts = parseFlags(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${err.message ? `sandbox: ${err.message}\n` : ''}${USAGE}\n`);
    process.exit(err.message ? 2 : 0);
  }
  let sandbox;
  try {
    sandbox = await startSandbox(opts);
  } catch (err) {
    process.stderr.write(`sandbox: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const ready = {
    event: 'ready',
    zones: sandbox.zones.map((z) => {
      const { dialect, choices } = dialectBody(z);
      return { id: z.id, base_url: z.baseUrl, dialect, choices };
    }),
    users: sandbox.users.map((u) => ({
      email: u.email,
      password: u.password,
      method: u.method,
      ...(u.totpSecret ? { totp_secret: u.totpSecret } : {}),
    })),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
