export {
  createMemorySecretStore,
  openSecretStore,
  probeKeychain,
  loadKeytarModule,
  type KeytarLike,
  type OpenSecretStoreOptions,
  type SecretStore,
} from './secret-store';
export { KeychainSecretStore } from './keychain-store';
