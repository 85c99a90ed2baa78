/** The agent's file writers: the only code in Zonedeck that writes user-visible files. */
export { writeFileAtomic, type AtomicWriteOptions, type WriteData, type WriteResult } from './atomic-write';
export { FILE_CODES } from './file-errors';
export { mergeKubeconfig, type MergeOptions, type MergeResult } from './kubeconfig-merge';
export {
  clusterKubeconfigPath,
  kubeconfigTargets,
  mergeIntoKubeconfig,
  saveClusterKubeconfig,
  type KubeconfigTargets,
  type MergeIntoInput,
  type MergeIntoResult,
  type SavedKubeconfig,
} from './kubeconfig-files';
export { saveDownload, type SaveDownloadInput } from './save-download';
export { clusterEntryName, sanitizeFileName, sanitizeSegment } from './names';
