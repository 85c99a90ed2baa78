/** The compute area's commands (see contract/commands-compute.ts). */
import type { ComputeCommands } from '../../contract/commands-compute';
import type { AreaTable } from './define';
import { saveLogArchive } from './compute/log-archive';

export const COMPUTE_COMMANDS: AreaTable<keyof ComputeCommands> = {
  'compute.saveLogArchive': saveLogArchive,
};
