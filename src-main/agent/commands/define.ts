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
  /**
   * `signal` fires when the page cancels the call or goes away: a handler that waits on a zone or
   * the disk passes it on (api.call, list.poll, the log archive) and stops; the reply is `cancelled`.
   */
  run(input: CommandInput<C>, ctx: AgentContext, conn: Connection, signal: AbortSignal): Promise<CommandOutput<C>>;
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

/**
 * The deepest command input accepted. Real input (a JSON body for a zone) nests a few levels; past
 * this a value would overflow the stack in validation or JSON.stringify, so it is bad input.
 */
export const MAX_INPUT_DEPTH = 64;

/** Whether `value` nests objects or arrays more than `max` deep (iterative: a deep value cannot overflow it). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
