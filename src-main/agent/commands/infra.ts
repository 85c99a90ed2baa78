/** The infra area's commands (see contract/commands-infra.ts). */
import type { InfraCommands } from '../../contract/commands-infra';
import type { AreaTable } from './define';

export const INFRA_COMMANDS: AreaTable<keyof InfraCommands> = {};
