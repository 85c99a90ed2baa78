/** A failure the command line explains in one line and ends with an exit code. */
import { AGENT_CODES, AgentError } from '../contract/errors';
import { EXIT } from './exit-codes';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly code = 'cli_error',
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The exit code for an agent's error: the codes scripts branch on, else a plain failure. */
export function exitCodeOf(err: unknown): number {
  if (err instanceof CliError) return err.exitCode;
  if (!(err instanceof AgentError)) return EXIT.failed;
  switch (err.code) {
    case AGENT_CODES.signedOut:
      return EXIT.signedOut;
    case AGENT_CODES.zoneUnreachable:
    case AGENT_CODES.network:
    case AGENT_CODES.timeout:
    case AGENT_CODES.tls:
      return EXIT.unreachable;
    case AGENT_CODES.unknownZone:
    case AGENT_CODES.unknownOperation:
      return EXIT.notFound;
    case AGENT_CODES.validation:
      return EXIT.usage;
    default:
      return err.status === 404 ? EXIT.notFound : EXIT.failed;
  }
}

/** What to say after the message, when the person can do something about it. */
export function hintOf(err: unknown, zone?: string): string | undefined {
  if (err instanceof AgentError && err.code === AGENT_CODES.signedOut)
    return `Sign in with: zonedeck login ${zone ?? '<zone>'}`;
  return undefined;
}
