import { describe, expect, it } from 'vitest';
import { logLevelFromArgv } from '../../../../src-main/agent/log';
import { RepeatGate } from '../../../../src-main/agent/log/repeat-gate';

describe('--log-level for the Electron host', () => {
  it('reads both spellings, defaults to info and refuses a typo', () => {
    expect(logLevelFromArgv(['electron', '.'])).toBe('info');
    expect(logLevelFromArgv(['electron', '.', '--log-level', 'debug'])).toBe('debug');
    expect(logLevelFromArgv(['electron', '.', '--log-level=WARN', '--no-sandbox'])).toBe('warn');
    expect(() => logLevelFromArgv(['electron', '.', '--log-level', 'verbose'])).toThrow(/error, warn, info, debug/);
    expect(() => logLevelFromArgv(['electron', '.', '--log-level'])).toThrow(/must be one of/);
  });
});

describe('repeated failures', () => {
  it('pass once a minute per kind, with a count of those held back', () => {
    let now = 0;
    const gate = new RepeatGate(60_000, () => now);
    expect(gate.pass('containers.list 0 network_error')).toBe(0);
    now = 3000;
    expect(gate.pass('containers.list 0 network_error')).toBeUndefined();
    expect(gate.pass('disks.list 503 http_503')).toBe(0);
    now = 6000;
    expect(gate.pass('containers.list 0 network_error')).toBeUndefined();
    now = 61_000;
    expect(gate.pass('containers.list 0 network_error')).toBe(2);
  });
});
