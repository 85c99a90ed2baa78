import { describe, expect, it } from 'vitest';
import {
  backupStamp,
  clusterEntryName,
  numberedName,
  sanitizeFileName,
  sanitizeSegment,
  shellQuote,
} from '../../../../src-main/agent/files/names';

describe('names', () => {
  it('reduces zone and cluster names to [a-z0-9-]', () => {
    expect(sanitizeSegment('Zürich Prod_1')).toBe('zurich-prod-1');
    expect(sanitizeSegment('../../etc')).toBe('etc');
    expect(sanitizeSegment('--a--b--')).toBe('a-b');
    expect(clusterEntryName('EU West', 'k8s.main')).toBe('eu-west-k8s-main');
  });

  it('refuses a name with nothing usable in it', () => {
    expect(() => clusterEntryName('zone', '…')).toThrow(/Cannot build a kubeconfig name/);
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
