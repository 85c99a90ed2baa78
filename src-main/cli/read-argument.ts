/** `@file`, `-` (standard input) or the text itself, as `--body` and `--input` take them (like curl and gh). */
import { readFileSync } from 'node:fs';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

export function readArgument(spec: string, what: string): string {
  const from = spec === '-' ? 0 : spec.startsWith('@') ? spec.slice(1) : undefined;
  if (from === undefined) return spec;
  try {
    return readFileSync(from, 'utf8');
  } catch (err) {
    const where = from === 0 ? 'standard input' : from;
    throw new CliError(`Cannot read the ${what} from ${where}: ${(err as Error).message}`, EXIT.usage, 'invalid_input');
  }
}
