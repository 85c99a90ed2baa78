/** Where Zonedeck keeps its settings when no host says otherwise: the same folder Electron's userData uses. */
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Zonedeck');
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Zonedeck');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Zonedeck');
}
