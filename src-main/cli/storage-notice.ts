/**
 * Said on stderr before every command while sign-ins are kept in a file (`login --insecure-storage`
 * or the app's setting): a choice that weakens them is never forgotten about. Read from the
 * settings file, so it holds whichever agent answers.
 */
import path from 'node:path';
import { savedChoice } from '../agent/settings/saved-choice';
import { SECRETS_FILE } from '../agent/secrets/file-store';

export function storageNotice(dataDir: string): void {
  if (savedChoice(dataDir, 'secretStorage') !== 'file') return;
  process.stderr.write(
    `zonedeck: sign-ins are stored in a file (${path.join(dataDir, SECRETS_FILE)}), not the keychain.\n`,
  );
}
