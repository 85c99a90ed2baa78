/**
 * The command table's building block: a command is a zod input schema plus a handler. Input is
 * always validated first, so a handler only ever sees well-formed data.
 */
import { z } from 'zod';
import type { CommandInput, CommandName, CommandOutput } from '../../contract/commands';
import type { Connection } from '../agent-types';
import type { AgentContext } from '../context';

export interface CommandDef<C extends CommandName> {
  input: z.ZodType<CommandInput<C>>;
  run(input: CommandInput<C>, ctx: AgentContext, conn: Connection): Promise<CommandOutput<C>>;
}

export type CommandTable = { [C in CommandName]: CommandDef<C> };
/** The slice of the table one area contributes. */
export type AreaTable<K extends CommandName> = { [C in K]: CommandDef<C> };

export function command<C extends CommandName>(
  input: z.ZodType<CommandInput<C>>,
  run: CommandDef<C>['run'],
): CommandDef<C> {
  return { input, run };
}

export const empty = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;
export const zoneId = z.string().min(1).max(64);
