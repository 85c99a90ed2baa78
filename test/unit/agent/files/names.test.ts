import { describe, expect, it } from 'vitest';
import {
  backupStamp,
  clusterEntryName,
  numberedName,
  sanitizeFileName,
  sanitizeSegment,
  shellQuote,
  zonedFileName,
} from '../../../../src-main/agent/files/names';

describe('names', () => {
  it('reduces zone and cluster names to [a-z0-9-]', () => {
    expect(sanitizeSegment('Zürich Prod_1')).toBe('zurich-prod-1');
    expect(sanitizeSegment('../../etc')).toBe('etc');
    expect(sanitizeSegment('--a--b--')).toBe('a-b');
    expect(clusterEntryName('eu-1', 'demo')).toBe('eu-1-demo'); // clean names stay as they are
    // A name sanitising changed keeps its readable part and gains a short hash of the original.
    expect(clusterEntryName('EU West', 'k8s.main')).toMatch(/^eu-west-[a-z0-9]{8}-k8s-main-[a-z0-9]{8}$/);
  });

  it('never collapses two cluster names into one', () => {
    const names = ['a/b', 'a\0b', 'a b', 'a-b', 'A-B', 'a.b', 'a_b'];
    const built = names.map((n) => clusterEntryName('eu-1', n));
    expect(new Set(built).size).toBe(names.length);
    expect(clusterEntryName('eu-1', 'a/b')).toBe(clusterEntryName('eu-1', 'a/b')); // stable
  });

  it('names CJK-only and empty-looking clusters instead of failing', () => {
    const cjk = clusterEntryName('eu-1', '東京クラスタ');
    expect(cjk).toMatch(/^eu-1-[a-z0-9]{8}$/);
    expect(clusterEntryName('eu-1', '大阪')).not.toBe(cjk);
    expect(clusterEntryName('eu-1', '…')).toMatch(/^eu-1-[a-z0-9]{8}$/);
  });

  it('bounds long names to 120 bytes, still unique', () => {
    const a = clusterEntryName('a'.repeat(40), `${'x'.repeat(300)}1`);
    const b = clusterEntryName('a'.repeat(40), `${'x'.repeat(300)}2`);
    expect(Buffer.byteLength(`${a}.yaml`)).toBeLessThanOrEqual(120);
    expect(a).not.toBe(b);
    expect(Buffer.byteLength(zonedFileName('eu-1', `${'日'.repeat(200)}.conf`, 'conf'))).toBeLessThanOrEqual(120);
  });

  it('always keeps the <zone>- prefix and an extension on VPN and log file names', () => {
    expect(zonedFileName('eu-1', 'office.conf', 'conf')).toBe('eu-1-office.conf');
    expect(zonedFileName('eu-1', 'eu-1-office.conf', 'conf')).toBe('eu-1-office.conf');
    expect(zonedFileName('eu-1', 'office.ovpn', 'conf')).toBe('eu-1-office.ovpn');
    expect(zonedFileName('eu-1', '.conf', 'conf')).toMatch(/^eu-1-conf-[a-z0-9]{8}\.conf$/);
    expect(zonedFileName('eu-1', '../../.bashrc', 'conf')).toMatch(/^eu-1-bashrc-[a-z0-9]{8}\.conf$/);
    expect(zonedFileName('eu-1', 'web-logs.txt', 'log')).toBe('eu-1-web-logs.txt');
    expect(zonedFileName('eu-1', 'archive', 'log')).toBe('eu-1-archive.log');
    expect(zonedFileName('eu-1', 'web.tar.gz', 'log')).toBe('eu-1-web.tar.gz');
    expect(zonedFileName('eu-1', 'my.notes.txt', 'log')).toMatch(/^eu-1-my-notes-[a-z0-9]{8}\.txt$/);
    expect(zonedFileName('eu-1', 'Büro Berlin.conf', 'conf')).toMatch(/^eu-1-buro-berlin-[a-z0-9]{8}\.conf$/);
    expect(zonedFileName('eu-1', 'a/b.conf', 'conf')).toBe('eu-1-b.conf');
  });

  it('keeps only the last path segment of a suggested file name', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Windows\\evil.ovpn')).toBe('evil.ovpn');
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('...')).toBe('download');
    expect(sanitizeFileName('')).toBe('download');
    expect(sanitizeFileName('a\u0000b<c>.ovpn ')).toBe('a_b_c_.ovpn');
    expect(sanitizeFileName('con.txt')).toBe('_con.txt');
    const long = sanitizeFileName(`${'x'.repeat(300)}.tar.gz`);
    expect(long.length).toBe(200);
    expect(long.endsWith('.gz')).toBe(true);
  });

  it('numbers copies like a browser', () => {
    expect(numberedName('p.ovpn', 1)).toBe('p.ovpn');
    expect(numberedName('p.ovpn', 2)).toBe('p (2).ovpn');
    expect(numberedName('logs', 3)).toBe('logs (3)');
  });

  it('stamps backups as YYYYMMDD-HHMMSS local time', () => {
    expect(backupStamp(new Date(2024, 0, 2, 3, 4, 5))).toBe('20240102-030405');
  });

  it('quotes shell paths only when needed', () => {
    expect(shellQuote('/home/u/.kube/zonedeck/a-b.yaml')).toBe('/home/u/.kube/zonedeck/a-b.yaml');
    expect(shellQuote("/home/o'neil/my dir")).toBe(`'/home/o'\\''neil/my dir'`);
  });
});
