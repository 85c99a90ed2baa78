/** The identity area's commands (see contract/commands-identity.ts). */
import type { IdentityCommands } from '../../contract/commands-identity';
import type { AreaTable } from './define';
import {
  apiClientsCreate,
  apiClientsDelete,
  apiClientsForget,
  apiClientsRevokeTokens,
  apiClientsRotate,
  apiClientsSecret,
  apiClientsUseForZone,
} from './identity/api-clients';
import { authForgotPassword, authMachine, authResetPassword } from './identity/machine';
import {
  accountZonesCommand,
  devicesRemove,
  devicesRemoveAll,
  identitySecurity,
  saveRecoveryCodes,
  signOutEverywhere,
} from './identity/security';

export const IDENTITY_COMMANDS: AreaTable<keyof IdentityCommands> = {
  'auth.machine': authMachine,
  'auth.forgotPassword': authForgotPassword,
  'auth.resetPassword': authResetPassword,
  'identity.security': identitySecurity,
  'identity.devices.remove': devicesRemove,
  'identity.devices.removeAll': devicesRemoveAll,
  'identity.signOutEverywhere': signOutEverywhere,
  'identity.accountZones': accountZonesCommand,
  'identity.saveRecoveryCodes': saveRecoveryCodes,
  'apiClients.create': apiClientsCreate,
  'apiClients.rotate': apiClientsRotate,
  'apiClients.secret': apiClientsSecret,
  'apiClients.useForZone': apiClientsUseForZone,
  'apiClients.forgetSecret': apiClientsForget,
  'apiClients.revokeTokens': apiClientsRevokeTokens,
  'apiClients.delete': apiClientsDelete,
};
