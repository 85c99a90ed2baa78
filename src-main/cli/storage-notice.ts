/**
 * Said on stderr before every command while sign-ins are kept in a file (`login --insecure-storage`
 * or the app's setting): a choice that weakens them is never forgotten about. Read from the
 * settings file, so it holds whichever agent answers.
 */
import path from 'node:path';
import { savedChoice } from '../agent/settings/saved-choice';

export async function storageNotice(dataDir: string): Promise<void> {
  if (savedChoice(dataDir, 'secretStorage') !== 'file') return;
  // Only then: the file store's module brings the atomic writer and node:crypto.
  const { SECRETS_FILE } = await import('../agent/secrets/file-store');
  process.stderr.write(
    `zonedeck: sign-ins are stored in a file (${path.join(dataDir, SECRETS_FILE)}), not the keychain.\n`,
  );
}
