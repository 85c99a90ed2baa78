import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../../../src-main/agent/files/names';

describe('fileNameOf (Content-Disposition)', () => {
  it('reads the plain and the RFC 5987 forms, preferring the latter', () => {
    expect(fileNameOf('attachment; filename="office.conf"')).toBe('office.conf');
    expect(fileNameOf('attachment; filename=demo-kubeconfig.yaml')).toBe('demo-kubeconfig.yaml');
    expect(fileNameOf(`attachment; filename="x.conf"; filename*=UTF-8''b%C3%BCro.conf`)).toBe('büro.conf');
    expect(fileNameOf(null)).toBeUndefined();
    expect(fileNameOf('inline')).toBeUndefined();
  });
});
