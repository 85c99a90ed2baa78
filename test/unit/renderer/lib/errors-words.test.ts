import { describe, expect, it } from 'vitest';
import type { AgentErrorData } from '../../../../src-main/contract/errors';
import { codeMeaning, errorWords, nextStep } from '../../../../src-renderer/lib/errors';

const err = (status: number, code: string, message: string, details?: Record<string, unknown>): AgentErrorData => ({
  status,
  code,
  message,
  ...(details ? { details } : {}),
});

describe('errors in words', () => {
  it('says what a bare code means, and keeps the zone’s own words', () => {
    expect(codeMeaning('name_required')).toBe('The zone needs a value for name.');
    expect(codeMeaning('missing_deploy_server_id')).toBe('The zone needs a value for deploy server id.');
    expect(codeMeaning('invalid_version')).toBe('The zone did not accept the version given.');
    expect(codeMeaning('repo_not_found')).toBe('The zone has no such repo.');
    expect(codeMeaning('name_taken')).toBe('That name is already in use in this zone.');
    expect(codeMeaning('internal_error')).toBe('');
    expect(errorWords(err(400, 'name_required', 'The zone rejected the request as malformed.'))).toBe(
      'The zone needs a value for name. The zone rejected the request as malformed.',
    );
    // The zone already said it: no second sentence.
    expect(errorWords(err(400, 'name_required', 'Name required: give the workspace a name.'))).toBe(
      'Name required: give the workspace a name.',
    );
  });

  it('offers the next step by status, naming the fields a refusal named', () => {
    expect(nextStep(err(422, 'validation_failed', 'x', { expected: ['definition'] }))).toBe(
      'The zone asked about: definition. Check that value and send again.',
    );
    expect(nextStep(err(400, 'bad_request', 'x'))).toMatch(/Retry alone sends the same/);
    expect(nextStep(err(409, 'conflict', 'x'))).toMatch(/current state/);
    expect(nextStep(err(404, 'not_found', 'x'))).toMatch(/refresh the list/);
    expect(nextStep(err(429, 'slow_down', 'x'))).toMatch(/fewer requests/);
  });
});
