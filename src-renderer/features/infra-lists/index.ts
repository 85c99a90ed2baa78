/** The infra-lists feature's public face: what others may import; the rest of the folder is its own. */
export { infraListChanged, type InfraRow, putInfraRow, removeInfraRow, useInfraList } from './infra';
export { field, infraColumns } from './infra-columns';
export { toInfraRow } from './infra';
