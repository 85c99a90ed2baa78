/** The sandbox's and spec's managed databases and NICs have no list route: known ids offered as pickers, any id accepted. */
export const KNOWN_DATABASES = [
  { id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b1', name: 'pg-main', engine: 'postgres' },
  { id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b2', name: 'pg-analytics', engine: 'postgres' },
  { id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b3', name: 'mysql-legacy', engine: 'mysql' },
  { id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b4', name: 'redis-cache', engine: 'redis' },
];

export const KNOWN_NICS = Array.from({ length: 8 }, (_, i) => ({
  id: `6a7e0c3d-1b2f-4c5d-8e00-0000000000e${i + 1}`,
  name: `nic-${i + 1}`,
}));
