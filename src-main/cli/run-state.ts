/**
 * What main() needs to know of the command running, kept apart from the commands' code (loaded
 * with each command, program.ts): the agent it holds, to close on Ctrl-C, and the zone it is
 * about, so an error's hint can name it (`zonedeck login eu-1`).
 */
import type { AgentLink } from './link';

export const running: { link?: AgentLink; zone?: string } = {};
