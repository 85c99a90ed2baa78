/** The compute area's commands (see contract/commands-compute.ts). */
import type { ComputeCommands } from '../../contract/commands-compute';
import type { AreaTable } from './define';

export const COMPUTE_COMMANDS: AreaTable<keyof ComputeCommands> = {};
