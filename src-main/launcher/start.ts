/**
 * `npm start`: build when needed, then run Zonedeck in Electron, or in the browser when Electron
 * cannot start. `npm run web` (--browser) goes straight to the browser. Other flags pass through.
 */
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale';
import { launchBrowser } from './launch-browser';
import { launchElectron } from './launch-electron';

const root = fileURLToPath(new URL('../..', import.meta.url));
const argv = process.argv.slice(2);
const browserOnly = argv.includes('--browser');
const args = argv.filter((a) => a !== '--browser');

async function main(): Promise<number> {
  if (!buildIfStale(root)) {
    console.error('The build failed; see the messages above.');
    return 1;
  }
  if (!browserOnly) {
    const result = await launchElectron(root, args);
    if (typeof result === 'number') return result;
    console.log(`Electron could not start (${result.failed}); opening Zonedeck in your browser instead.`);
  }
  return launchBrowser(root, args);
}

process.exitCode = await main();
