/** The compute feature's public face: what others may import; the rest of the folder is its own. */
export { type InstanceRow, useComputeList } from './compute';
export { containerColumns } from './container-columns';
export { readConfigVars } from './compute-details';
export { replaceConfigVars } from './compute-actions';
