/**
 * Renderer errors reach the agent's log: Vue's errorHandler (a component whose setup throws, run
 * through Vue's own error handling), uncaught errors and unhandled rejections; a cancel is no error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { AgentError } from '../../../../src-main/contract/errors';

const sent: { command: string; input: Record<string, unknown> }[] = [];
vi.mock('../../../../src-renderer/agent', () => ({
  agent: {
    invoke: vi.fn(async (command: string, input: Record<string, unknown>) => {
      sent.push({ command, input });
      return null;
    }),
  },
}));
const { installErrorCapture, reportError } = await import('../../../../src-renderer/data/report-error');

afterEach(() => {
  sent.length = 0;
  vi.restoreAllMocks();
});

describe('renderer error capture', () => {
  it("sends a component's error through Vue's errorHandler as one app.log line with its component and info", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = defineComponent({
      name: 'BrokenPanel',
      setup() {
        throw new Error('setup failed on purpose');
      },
      render: () => null,
    });
    const app = createSSRApp(Broken);
    installErrorCapture(app, new EventTarget() as unknown as Window);
    await renderToString(app).catch(() => undefined);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      command: 'app.log',
      input: {
        level: 'error',
        source: 'vue',
        message: 'setup failed on purpose',
        context: { component: 'BrokenPanel' },
      },
    });
    expect(String(sent[0]!.input.stack)).toContain('setup failed on purpose');
  });

  it('sends uncaught errors and unhandled rejections the window hears', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const target = new EventTarget();
    installErrorCapture(createSSRApp({}), target as unknown as Window);
    target.dispatchEvent(
      Object.assign(new Event('error'), { error: new Error('uncaught'), filename: 'a.js', lineno: 3 }),
    );
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'a bare reason' }));
    // The browser's resize notice (no error object) is not one; a thrown error saying the same is.
    const notice = 'ResizeObserver loop completed with undelivered notifications.';
    target.dispatchEvent(Object.assign(new Event('error'), { message: notice }));
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error(notice) }));
    expect(sent.map((s) => [s.input.source, s.input.message])).toEqual([
      ['window.onerror', 'uncaught'],
      ['unhandledrejection', 'a bare reason'],
      ['window.onerror', notice],
    ]);
    expect(sent[0]!.input.context).toEqual({ at: 'a.js:3' });
  });

  it('keeps a cancel quiet, names an agent error by its code, and cuts a long message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError('store', new AgentError({ status: 0, code: 'cancelled', message: 'Cancelled.' }));
    expect(sent).toHaveLength(0);
    reportError('store', new AgentError({ status: 502, code: 'network_error', message: 'down' }));
    reportError('store', 'x'.repeat(5000));
    expect(sent.map((s) => s.input.message)).toEqual(['down (network_error)', `${'x'.repeat(1999)}…`]);
  });
});
