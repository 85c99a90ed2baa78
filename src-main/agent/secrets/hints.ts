/** Words for the person when the keychain cannot be used: why, and what to do about it. */
import type { KeychainStatus } from '../../contract/commands';

const UNTIL_THEN = 'Until then, sign-ins are kept in memory and last until Zonedeck closes.';

export function keychainHint(platform: NodeJS.Platform = process.platform): string {
  switch (platform) {
    case 'linux':
      return (
        'Install and unlock a Secret Service such as gnome-keyring or KWallet (Zonedeck reaches it ' +
        'through libsecret, e.g. `sudo apt install gnome-keyring libsecret-1-0`), then restart Zonedeck. ' +
        UNTIL_THEN
      );
    case 'darwin':
      return 'Open Keychain Access, make sure your login keychain is unlocked, then restart Zonedeck. ' + UNTIL_THEN;
    case 'win32':
      return 'Make sure Windows Credential Manager is available for your account, then restart Zonedeck. ' + UNTIL_THEN;
    default:
      return 'No supported keychain was found on this system. ' + UNTIL_THEN;
  }
}

export function moduleMissingStatus(cause?: unknown, platform: NodeJS.Platform = process.platform): KeychainStatus {
  const msg = cause instanceof Error ? cause.message : '';
  // keytar is a native module: built for plain Node it will not load inside Electron, and vice versa.
  if (/NODE_MODULE_VERSION|different Node\.js version/.test(msg)) {
    return {
      state: 'unavailable',
      reason: 'The keychain module was built for a different Node.js or Electron version',
      hint: `Rebuild it for this runtime (for Electron: \`npx @electron/rebuild -w keytar\`), then restart Zonedeck. ${UNTIL_THEN}`,
    };
  }
  const build = platform === 'linux' ? ' (on Linux install libsecret-1-dev first so it can build)' : '';
  return {
    state: 'unavailable',
    reason: 'The keychain module is not installed',
    hint: `Reinstall Zonedeck's dependencies with \`npm install\`${build}, then restart Zonedeck. ${UNTIL_THEN}`,
  };
}

/** Turns the raw libsecret/D-Bus error into a sentence. */
export function describeKeychainError(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|X11/i.test(msg))
    return 'No D-Bus session is running, so no keychain can be reached';
  if (/org\.freedesktop\.secrets|ServiceUnknown|was not provided by any \.service/i.test(msg)) {
    return 'No Secret Service (keychain) is running';
  }
  if (/locked|prompt|dismissed|cancel/i.test(msg)) return `The keychain is locked (${msg})`;
  return `The keychain failed: ${msg}`;
}

export function unavailable(reason: string, platform: NodeJS.Platform = process.platform): KeychainStatus {
  return { state: 'unavailable', reason, hint: keychainHint(platform) };
}
