/**
 * Monaco loaded once, on first use, with its workers as Vite worker chunks (CSP allows worker-src
 * 'self' blob:). Every editor component goes through here so the first screen never pays for it.
 */
import type * as Monaco from 'monaco-editor';

let loading: Promise<typeof Monaco> | null = null;

export function loadMonaco(): Promise<typeof Monaco> {
  loading ??= (async () => {
    const [{ default: EditorWorker }, { default: JsonWorker }] = await Promise.all([
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/languages/features/json/json.worker?worker'),
    ]);
    self.MonacoEnvironment = {
      getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
    };
    return import('monaco-editor');
  })();
  loading.catch(() => (loading = null)); // A failed chunk load may succeed on the next mount.
  return loading;
}

/** Monaco's theme for the app's current light/dark choice. */
export function monacoTheme(dark: boolean): string {
  return dark ? 'vs-dark' : 'vs';
}
