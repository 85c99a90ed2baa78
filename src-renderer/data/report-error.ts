/**
 * Renderer errors into the agent's log (zonedeck.log), so a bug report carries them: Vue's
 * errorHandler, uncaught errors and unhandled rejections, and the failures a catch would otherwise
 * hide (`reportError`). The agent bounds and redacts what arrives (app.log); here a failure to
 * report is never reported again, and a cancelled call is not an error.
 */
import type { App } from 'vue';
import type { RendererLogEntry } from '@contract/commands';
import { AGENT_CODES } from '@contract/errors';
import { agent } from '../agent';

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function describe(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    const message = typeof code === 'string' ? `${err.message} (${code})` : err.message;
    return { message: message || err.name, ...(err.stack ? { stack: err.stack } : {}) };
  }
  try {
    return { message: typeof err === 'string' ? err : JSON.stringify(err) };
  } catch {
    return { message: String(err) }; // a cyclic value: its tag is all there is to say
  }
}

function isCancel(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === AGENT_CODES.cancelled;
}

/**
 * Writes one line to zonedeck.log for a failure the window caught. `source` says where (a store,
 * a view); `context` a few words more. Never throws, never waits.
 */
export function reportError(
  source: string,
  err: unknown,
  context?: Record<string, string>,
  level: RendererLogEntry['level'] = 'error',
): void {
  if (isCancel(err)) return;
  const d = describe(err);
  const entry: RendererLogEntry = {
    level,
    source: cut(source, 100),
    message: cut(d.message, 2000),
    ...(d.stack ? { stack: cut(d.stack, 8000) } : {}),
    ...(context
      ? {
          context: Object.fromEntries(
            Object.entries(context)
              .slice(0, 10)
              .map(([k, v]) => [cut(k, 100), cut(v, 500)]),
          ),
        }
      : {}),
  };
  // Said in the console too, for whoever has the developer tools open.
  console.error(`[${entry.source}]`, err);
  try {
    agent.invoke('app.log', entry).catch((e: unknown) => console.warn('could not write to the agent log', e));
  } catch (e) {
    console.warn('could not write to the agent log', e);
  }
}

const RESIZE_NOTICE = /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/;

/** Called once by main.ts: Vue's errors, uncaught errors and unhandled rejections go to zonedeck.log. */
export function installErrorCapture(app: App, target: Pick<Window, 'addEventListener'> = window): void {
  app.config.errorHandler = (err, instance, info) => {
    const name = instance?.$options.name ?? instance?.$options.__name;
    reportError('vue', err, { info, ...(name ? { component: name } : {}) });
  };
  target.addEventListener('error', (ev: Event) => {
    const e = ev as ErrorEvent;
    // The browser's notice that a layout change deferred some resize callbacks to the next frame
    // (a table or a terminal fitting itself) is no failure: it came in bursts and buried the log.
    if ((e.error === undefined || e.error === null) && RESIZE_NOTICE.test(e.message ?? '')) return;
    reportError('window.onerror', e.error ?? e.message, e.filename ? { at: `${e.filename}:${e.lineno}` } : undefined);
  });
  target.addEventListener('unhandledrejection', (ev: Event) => {
    reportError('unhandledrejection', (ev as PromiseRejectionEvent).reason);
  });
}
