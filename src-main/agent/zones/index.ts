export { ZoneRegistry } from './zone-registry';
export type { ZoneAdd } from './zone-types';
export { ZONE_PALETTE } from '../../contract/zone-colors';
