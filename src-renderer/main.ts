/**
 * The page's entry, kept small on purpose (#39): it opens the agent's socket, then loads the app.
 * The socket lives in a worker, which the browser starts only when the page's main thread is free;
 * had the entry been the whole app, the worker would wait for ~300 KiB of Vue, Naive UI and the
 * shell to be compiled and run. The app's chunk is fetched meanwhile (a modulepreload link in
 * index.html, electron.vite.config.ts), so nothing waits for the entry.
 */
import { connectAgent } from './agent';
import './styles/base.css';

connectAgent();
import('./app-start').catch((err: unknown) => {
  // The host went away mid-start (or the files changed under it): say so rather than stay blank.
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.style.margin = '2rem';
  note.textContent = `Zonedeck could not load its code (${String(err)}). Reload to try again.`;
  document.getElementById('app')?.replaceChildren(note);
});
