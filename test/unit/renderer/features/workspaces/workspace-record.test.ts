import { describe, expect, it } from 'vitest';
import {
  hasCms,
  hasStoreCredentials,
  statusTone,
  statusWords,
  toWorkspaceSummary,
} from '../../../../../src-renderer/features/workspaces/shapes/workspace-record';
import { oneRow } from '../../../../support/readers';

const summaryOf = oneRow(toWorkspaceSummary, 'workspace');

describe('workspace records, read tolerantly', () => {
  it('reads the sandbox shape', () => {
    const w = summaryOf(
      {
        id: 'ws-1',
        name: 'shop',
        template: 'store',
        repo_full_name: 'acme/storefront',
        status: 'ready',
        last_error: null,
        cicd_enabled: true,
        created_at: '2026-11-01T10:00:00Z',
      },
      0,
    );
    expect(w).toMatchObject({ id: 'ws-1', name: 'shop', status: 'ready', template: 'store', repo: 'acme/storefront' });
    expect(w.lastError).toBeUndefined();
    expect(w.cicdEnabled).toBe(true);
    expect(hasStoreCredentials(w)).toBe(true);
    expect(hasCms(w)).toBe(false);
  });

  it('reads another zone’s shape: uuid, state in capitals, nested repository, error under another name', () => {
    const w = summaryOf(
      {
        uuid: 'b1',
        title: 'blog',
        state: 'CI_ERROR',
        repository: { full_name: 'acme/blog' },
        error: 'deploy key refused',
      },
      3,
    );
    expect(w).toMatchObject({ id: 'b1', status: 'ci_error', repo: 'acme/blog', lastError: 'deploy key refused' });
    expect(statusWords(w.status)).toBe('CI/CD error');
    expect(statusTone(w.status)).toBe('error');
    // No template said: every tool is offered rather than guessed away.
    expect(hasCms(w) && hasStoreCredentials(w)).toBe(true);
  });

  it('keeps an unknown status word as sent, and names an unnamed record by its place', () => {
    const w = summaryOf({ status: 'archived' }, 4);
    expect(statusWords(w.status)).toBe('archived');
    expect(statusTone(w.status)).toBe('default');
    expect(w.name).toBe('(unnamed 5)');
    expect(w.key).toBe('#4');
  });
});
