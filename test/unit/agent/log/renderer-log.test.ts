/** The window's lines in zonedeck.log (app.log): redacted like the agent's, bounded per window. */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/agent/log';
import { RENDERER_LINES_PER_MINUTE, RendererLog } from '../../../../src-main/agent/log/renderer-log';

function setup() {
  const lines: Record<string, unknown>[] = [];
  let t = 0;
  const log = createLogger({
    level: 'debug',
    sink: { write: (l) => lines.push(JSON.parse(l)) },
    now: () => new Date(t),
  });
  const rl = new RendererLog(log.child('renderer'), () => t);
  return { rl, lines, advance: (ms: number) => (t += ms) };
}

describe('RendererLog', () => {
  it('writes a line at its level under the renderer component, its secrets redacted', () => {
    const { rl, lines } = setup();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJlLW9mLXRoZS10ZXN0';
    rl.write('c1', { level: 'error', source: 'vue', message: `boom with ${jwt}`, context: { password: 'hunter2' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', component: 'renderer', source: 'vue', conn: 'c1' });
    expect(JSON.stringify(lines[0])).not.toContain(jwt);
    expect(JSON.stringify(lines[0])).not.toContain('hunter2');
  });

  it('holds back the same line within a minute and counts it on the next', () => {
    const { rl, lines, advance } = setup();
    for (let i = 0; i < 100; i++) rl.write('c1', { level: 'error', source: 'vue', message: 'same' });
    expect(lines).toHaveLength(1);
    advance(60_000);
    rl.write('c1', { level: 'error', source: 'vue', message: 'same' });
    expect(lines.at(-1)).toMatchObject({ msg: 'same', repeated: 99 });
  });

  it(`writes at most ${RENDERER_LINES_PER_MINUTE} lines a minute per window, then says how many it dropped`, () => {
    const { rl, lines, advance } = setup();
    for (let i = 0; i < RENDERER_LINES_PER_MINUTE + 25; i++)
      rl.write('c1', { level: 'warn', source: 's', message: `line ${i}` });
    rl.write('c2', { level: 'warn', source: 's', message: 'another window' });
    expect(lines).toHaveLength(RENDERER_LINES_PER_MINUTE + 1);
    advance(60_000);
    rl.write('c1', { level: 'info', source: 's', message: 'next minute' });
    expect(lines.slice(-2)).toMatchObject([
      { level: 'warn', msg: 'renderer log lines dropped', dropped: 25 },
      { level: 'info', msg: 'next minute' },
    ]);
  });
});
