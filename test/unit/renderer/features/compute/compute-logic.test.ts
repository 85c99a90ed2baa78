import { describe, expect, it } from 'vitest';
import { LogBuffer, lineAtRow } from '../../../../../src-renderer/lib/log-buffer';
import {
  fromLines,
  toLines,
  varsOf,
  VAR_KEY,
} from '../../../../../src-renderer/features/compute/shapes/config-vars-text';
import { formatValue, niceMax } from '../../../../../src-renderer/lib/chart-scale';
import { actionAllowed, isSettled } from '../../../../../src-renderer/features/compute/compute-kinds';
import { deviceIdsOf, DISK_ID, DISKS } from '../../../../../src-renderer/features/compute/shapes/container';
import { replacingToasts } from '../../../../../src-renderer/features/compute/compute-toast';

describe('log buffer', () => {
  it('keeps a partial line until its newline arrives, across chunks and CRLF', () => {
    const b = new LogBuffer();
    expect(b.appendText('one\r\ntw')).toBe(1);
    expect(b.slice(0)).toEqual(['one']);
    expect(b.appendText('o\nthree')).toBe(1);
    expect(b.slice(0)).toEqual(['one', 'two']);
    expect(b.appendText('\n')).toBe(1);
    expect(b.slice(0)).toEqual(['one', 'two', 'three']);
    expect(b.length).toBe(3);
  });

  it('appends more lines than fit in one call’s arguments', () => {
    const b = new LogBuffer();
    const many = Array.from({ length: 250_000 }, (_, i) => `line ${i}`);
    expect(b.appendLines(many)).toBe(250_000);
    expect(b.length).toBe(250_000);
    expect(b.line(249_999)).toBe('line 249999');
  });

  it('packs a large append in later short tasks, the lines readable throughout', async () => {
    const b = new LogBuffer();
    const many = Array.from({ length: 100_000 }, (_, i) => `line ${i} of the log`);
    b.appendLines(many);
    expect(b.packing).toBe(true); // nothing packed yet: the append returned at once
    expect(b.line(99_999)).toBe('line 99999 of the log');
    let tasks = 0;
    while (b.packing) {
      await new Promise((r) => setTimeout(r, 0));
      tasks++;
    }
    expect(tasks).toBeGreaterThan(0);
    expect(b.slice(0)).toEqual(many);
  });

  it('clear drops the lines and the pending partial line', () => {
    const b = new LogBuffer();
    b.appendText('a\nhalf');
    b.clear();
    b.appendText('new\n');
    expect(b.slice(0)).toEqual(['new']);
  });

  it('counts wrapped rows per line (an empty line still takes a row) and rebuilds after appends', () => {
    const b = new LogBuffer();
    b.appendLines(['', 'abcd', 'abcdefghij', 'abcde']);
    expect([...b.wrapRows(5)]).toEqual([0, 1, 2, 4, 5]);
    expect(b.wrapRows(5)).toBe(b.wrapRows(5)); // cached while nothing changed
    expect([...b.wrapRows(10)]).toEqual([0, 1, 2, 3, 4]);
    b.appendLines(['x'.repeat(11)]);
    expect([...b.wrapRows(10)]).toEqual([0, 1, 2, 3, 4, 6]);
  });

  it('finds the line that holds a visual row', () => {
    const starts = Int32Array.from([0, 1, 2, 4, 5]); // rows: line0=0, line1=1, line2=2..3, line3=4
    expect([0, 1, 2, 3, 4].map((r) => lineAtRow(starts, r))).toEqual([0, 1, 2, 2, 3]);
    expect(lineAtRow(Int32Array.from([0]), 0)).toBe(0); // no lines at all
  });

  it('searches case-insensitively, returns line indexes, and stops at the limit', () => {
    const b = new LogBuffer();
    b.appendLines(['GET /a 200', 'POST /b 500', 'get /c 200', 'ERROR get failed']);
    expect(b.search('get')).toEqual([0, 2, 3]);
    expect(b.search('GET', 2)).toEqual([0, 2]);
    expect(b.search('')).toEqual([]);
    expect(b.search('nothing')).toEqual([]);
  });
});

describe('config vars', () => {
  it('reads the wrapped and the bare shape, turning non-strings into JSON text', () => {
    expect(varsOf({ config_vars: { A: '1', B: 2, C: true } })).toEqual({ A: '1', B: '2', C: 'true' });
    expect(varsOf({ PORT: '8080' })).toEqual({ PORT: '8080' });
    expect(varsOf(null)).toEqual({});
    expect(varsOf('nope')).toEqual({});
  });

  it('round-trips KEY=value lines, keeping = inside values', () => {
    const vars = { DATABASE_URL: 'postgres://u:p@h/db?sslmode=require', EMPTY: '', LOG_LEVEL: 'info' };
    expect(toLines(vars)).toBe('DATABASE_URL=postgres://u:p@h/db?sslmode=require\nEMPTY=\nLOG_LEVEL=info');
    expect(fromLines(toLines(vars))).toEqual(vars);
  });

  it('skips blank lines and comments, trims keys, reads a bare key as empty, last one wins', () => {
    const text = '# comment\r\n\n  A = one \nB\nA=two\n   # indented comment';
    expect(fromLines(text)).toEqual({ A: 'two', B: '' });
    expect(fromLines('K= spaced')).toEqual({ K: ' spaced' });
  });

  it('accepts only upper-case identifiers as keys', () => {
    expect(['PORT', '_X', 'A1_B'].every((k) => VAR_KEY.test(k))).toBe(true);
    expect(['port', '1A', 'A-B', ''].some((k) => VAR_KEY.test(k))).toBe(false);
  });
});

describe('chart scale', () => {
  it('rounds an axis maximum up to 1, 2 or 5 times a power of ten', () => {
    expect([0, -3, 0.7, 1, 1.4, 3, 7, 64, 100, 420].map(niceMax)).toEqual([1, 1, 1, 1, 2, 5, 10, 100, 100, 500]);
  });

  it('labels percent, bytes and rates in their units', () => {
    expect(formatValue(4.25, 'percent')).toBe('4.3 %');
    expect(formatValue(64, 'percent')).toBe('64 %');
    expect(formatValue(512, 'bytes')).toBe('512 B');
    expect(formatValue(1_100_000, 'bytes/s')).toBe('1.1 MB/s');
    expect(formatValue(123_000, 'bytes/s')).toBe('123 KB/s');
    expect(formatValue(3, 'req/s')).toBe('3 req/s');
    expect(formatValue(2.5, 'req/s')).toBe('2.5 req/s');
  });
});

describe('compute kinds and devices', () => {
  it('offers the actions that make sense from a state', () => {
    expect(actionAllowed('start', 'stopped')).toBe(true);
    expect(actionAllowed('start', 'running')).toBe(false);
    expect(actionAllowed('stop', 'Suspended')).toBe(true);
    expect(actionAllowed('resume', 'suspended')).toBe(true);
    expect(actionAllowed('suspend', 'suspended')).toBe(false);
    expect(actionAllowed('reboot', 'running')).toBe(true);
    // A missing state rules nothing out: the zone decides, and says so.
    expect(actionAllowed('reboot', undefined)).toBe(true);
  });

  it('calls a record settled when status meets desired_status, or without an -ing word', () => {
    expect(isSettled({ status: 'running', desired_status: 'running' })).toBe(true);
    expect(isSettled({ status: 'starting', desired_status: 'running' })).toBe(false);
    expect(isSettled({ status: 'stopping' })).toBe(false);
    expect(isSettled({ status: 'pending' })).toBe(false);
    expect(isSettled({ status: 'stopped' })).toBe(true);
  });

  it('reads device ids from strings or objects with an id', () => {
    expect(deviceIdsOf({ disks: ['a', { id: 'b' }, { name: 'no id' }, null, 7] }, DISKS, DISK_ID)).toEqual([
      'a',
      'b',
      '7',
    ]);
    expect(deviceIdsOf({}, DISKS, DISK_ID)).toEqual([]);
  });
});

describe('replacing toasts', () => {
  type Shown = { kind: string; content: string; destroyed: boolean; leave?: () => void; duration?: number };
  function fakeMessage() {
    const shown: Shown[] = [];
    const make = (kind: string) => (content: unknown, opts?: { onAfterLeave?: () => void; duration?: number }) => {
      const s: Shown = {
        kind,
        content: String(content),
        destroyed: false,
        leave: opts?.onAfterLeave,
        duration: opts?.duration,
      };
      shown.push(s);
      return {
        type: kind,
        destroy: () => {
          s.destroyed = true;
          s.leave?.();
        },
      } as never;
    };
    return { api: { success: make('success'), error: make('error') }, shown };
  }

  it('shows one toast per key: a newer one replaces the one still showing', () => {
    const { api, shown } = fakeMessage();
    const toast = replacingToasts(api);
    toast('web-1', 'success', 'Disk attached');
    toast('web-1', 'error', 'Detach failed: busy');
    toast('vm-1', 'success', 'NIC attached');
    expect(shown.map((s) => [s.content, s.destroyed])).toEqual([
      ['Disk attached', true],
      ['Detach failed: busy', false],
      ['NIC attached', false],
    ]);
    expect(shown[1]!.duration).toBeGreaterThan(shown[2]!.duration!); // errors stay longer
  });

  it('forgets a toast once it has left, so a later one does not touch it', () => {
    const { api, shown } = fakeMessage();
    const toast = replacingToasts(api);
    toast('k', 'success', 'first');
    shown[0]!.leave?.(); // timed out on its own
    toast('k', 'success', 'second');
    expect(shown[0]!.destroyed).toBe(false);
    expect(shown[1]!.destroyed).toBe(false);
  });
});
