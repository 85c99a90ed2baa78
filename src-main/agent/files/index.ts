/** The agent's file writers: the only code in Zonedeck that writes user-visible files. */
export { writeFileAtomic } from './atomic-write';
export { kubeconfigTargets, mergeIntoKubeconfig, saveClusterKubeconfig } from './kubeconfig-files';
export { saveDownload } from './save-download';
export { clusterEntryName, zonedFileName } from './names';
export { checkSaveTarget } from './save-target';
export { renameNoReplace } from './fs-steps';
