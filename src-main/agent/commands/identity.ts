/** The identity area's commands (see contract/commands-identity.ts). */
import type { IdentityCommands } from '../../contract/commands-identity';
import type { AreaTable } from './define';

export const IDENTITY_COMMANDS: AreaTable<keyof IdentityCommands> = {};
