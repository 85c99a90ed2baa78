/** The infra area's commands (see contract/commands-infra.ts). */
import type { InfraCommands } from '../../contract/commands-infra';
import type { AreaTable } from './define';
import { infraFiles } from './infra/files-info';
import { grabIndexCommand } from './infra/grab';
import { kubeconfigMerge, kubeconfigSave, kubeconfigSaveAs } from './infra/kubeconfig';
import { vpnSaveProfile } from './infra/vpn';

export const INFRA_COMMANDS: AreaTable<keyof InfraCommands> = {
  'infra.files': infraFiles,
  'kubeconfig.save': kubeconfigSave,
  'kubeconfig.merge': kubeconfigMerge,
  'kubeconfig.saveAs': kubeconfigSaveAs,
  'vpn.saveProfile': vpnSaveProfile,
  'grab.index': grabIndexCommand,
};
