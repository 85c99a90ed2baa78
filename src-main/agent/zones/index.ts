export { ZoneRegistry, type ZoneRegistryOptions } from './zone-registry';
export type { ZoneAdd, ZonePatch, ZoneRecord } from './zone-types';
export { ZONE_PALETTE } from '../../contract/zone-colors';
export { MIGRATIONS, ZONES_VERSION, type Migration } from './migrations';
