/**
 * `zonedeck`: the entry point (package.json bin, `npm run cli -- …`). Parses, runs one command,
 * and turns any failure into one line on stderr and its exit code (exit-codes.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { CommanderError } from 'commander';
import { AgentError } from '../contract/errors';
import { CliError, exitCodeOf, hintOf } from './cli-error';
import { EXIT } from './exit-codes';
import { colorOn, paint } from './output';
import { buildProgram } from './program';
import { running } from './run-state';
import { mark } from '../agent/marks';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// A command's process lives for one command: the HTTP parser's WebAssembly (undici's llhttp) is
// compiled by the baseline compiler only. Left to V8, its optimizing compile (~100 ms on a
// background thread, begun by the first reply) was still running when the command ended, and the
// process waited for it before it could exit: 70-90 ms of a cold `zonedeck kubeconfig` (#39).
// Set before undici makes its first connection; V8 reads it when the module is compiled.
v8.setFlagsFromString('--liftoff-only');

function report(err: unknown, json: boolean): number {
  const code = exitCodeOf(err);
  const known = err instanceof CliError || err instanceof AgentError;
  let message = known ? err.message : `Something went wrong: ${(err as Error)?.message ?? String(err)}`;
  if (code === EXIT.unreachable && err instanceof AgentError && running.zone)
    message = `${running.zone} is not answering: ${message}`;
  const errCode = err instanceof AgentError || err instanceof CliError ? err.code : 'internal_error';
  if (json) {
    process.stderr.write(`${JSON.stringify({ error: { code: errCode, message, exit: code } })}\n`);
  } else {
    const color = colorOn(process.stderr, process.env);
    process.stderr.write(`${paint(color, 'red', 'zonedeck:')} ${message}\n`);
    const hint = hintOf(err, running.zone);
    if (hint) process.stderr.write(`${hint}\n`);
  }
  return code;
}

async function main(): Promise<void> {
  mark('cli.main');
  process.once('exit', () => mark('cli.exit'));
  // A reader that closed early (`zonedeck --help | head`) is not a failure of ours: stop quietly.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw e;
    });
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  const program = buildProgram(version);
  const json = process.argv.includes('--json');
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    // The agent closes its streams; a file being written is a temporary file until its rename.
    void (running.link?.close() ?? Promise.resolve()).finally(() => process.exit(EXIT.interrupted));
  });
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (interrupted) return;
    if (err instanceof CommanderError) {
      // Help and --version end here with 0; a usage error has already been printed by commander.
      process.exitCode = err.exitCode === 0 ? 0 : EXIT.usage;
      return;
    }
    process.exitCode = report(err, json);
  }
  // Every command has finished by here, its files written and the agent closed. What could still
  // hold the loop (the zone's keep-alive sockets winding down, the keychain's bus connection) has
  // nothing to say; waiting for it cost a grab 40–80 ms (issue #28). What was printed goes first.
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit();
}

/** Resolves once what was written to `stream` so far has been handed to the system. */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  // A reader that went away (`| head`) has nothing left to wait for.
  if (stream.destroyed || stream.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('error', () => resolve());
    stream.write('', () => resolve());
  });
}

void main();
