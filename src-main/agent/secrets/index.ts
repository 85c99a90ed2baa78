export { createMemorySecretStore, openSecretStore, type KeytarLike } from './secret-store';
