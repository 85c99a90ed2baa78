import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/agent/log/logger';
import { lateLogger } from '../../../../src-main/agent/log/late-logger';

const sinkLogger = (level: 'info' | 'debug' = 'info') => {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger({ level, sink: { write: (l) => lines.push(JSON.parse(l) as Record<string, unknown>) } });
  return { log, lines };
};

describe('lateLogger', () => {
  it('hands what was logged before the real logger existed to it, under the same component and fields', () => {
    const late = lateLogger();
    const web = late.child('web', { port: 1 });
    web.warn('refused a WebSocket', { status: 401 });
    web.debug('below the real level');
    const { log, lines } = sinkLogger('info');
    expect(lines).toEqual([]);
    late.attach(log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      component: 'web',
      msg: 'refused a WebSocket',
      port: 1,
      status: 401,
    });
  });

  it('passes calls straight through once attached, children made before included', () => {
    const late = lateLogger();
    const early = late.child('process');
    const { log, lines } = sinkLogger();
    late.attach(log);
    expect(late.level).toBe('info');
    early.error('uncaught exception; kept serving');
    late.info('browser host ready');
    expect(lines.map((l) => [l.component, l.msg])).toEqual([
      ['process', 'uncaught exception; kept serving'],
      ['agent', 'browser host ready'],
    ]);
  });

  it('keeps at most its limit and says how many it lost', () => {
    const late = lateLogger(2);
    for (let i = 0; i < 5; i++) late.info(`entry ${i}`);
    const { log, lines } = sinkLogger();
    late.attach(log);
    expect(lines.map((l) => l.msg)).toEqual([
      'entry 0',
      'entry 1',
      "3 log entries from the host's start were lost (more than 2)",
    ]);
  });
});
