/** The infra-lists feature's public face: what others may import; the rest of the folder is its own. */
export { infraListChanged, type InfraRow, putInfraRow, removeInfraRow, useInfraList } from './infra';
export { infraColumns } from './infra-columns';
export { addressOf, listenPortOf, nicOf, subnetOf } from './shapes/infra-fields';
export {
  CLUSTER_VERSION,
  CLUSTER_WORKERS,
  clusterVersionIn,
  clusterVersionOf,
  clusterWorkersIn,
  clusterWorkersOf,
} from './shapes/cluster-fields';
export { toInfraRow } from './infra';
