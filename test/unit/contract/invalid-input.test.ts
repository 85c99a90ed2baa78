import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src-main/contract/errors';
import { invalidInput } from '../../../src-main/contract/invalid-input';
import { fromZodError } from '../../../src-main/agent/zones/validate';

const schema = z
  .object({ name: z.string().min(1, 'Give it a name'), port: z.number().int(), tags: z.array(z.string()) })
  .strict();
const issues = (input: unknown) => schema.safeParse(input).error!.issues;

describe('invalidInput: one converter from schema failures to an error', () => {
  it('names the first problem and keeps every field in details.fields', () => {
    const err = invalidInput(issues({ name: '', port: 1.5, tags: [1] }), 'thing.add');
    expect(err).toBeInstanceOf(AgentError);
    expect(err.toJSON()).toEqual({
      status: 0,
      code: 'invalid_input',
      message: 'Invalid input for thing.add — name: Give it a name.',
      details: { fields: { name: 'Give it a name', port: expect.any(String), 'tags.0': expect.any(String) } },
    });
  });

  it('names unknown fields as such, one entry each', () => {
    const err = invalidInput(issues({ name: 'a', port: 1, tags: [], token: 'x', secret: 'y' }), 'thing.add');
    expect(err.message).toBe('Invalid input for thing.add — Unknown field: token, secret.');
    expect(err.details).toEqual({ fields: { token: 'Unknown field', secret: 'Unknown field' } });
  });

  it('says the sentence alone without a subject, and keeps fields (the zone registry’s path)', () => {
    const viaRegistry = fromZodError(schema.safeParse({ name: 'a', port: 1, tags: [], refreshToken: 'x' }).error!);
    expect(viaRegistry.message).toBe('Unknown field: refreshToken');
    expect(viaRegistry.details).toEqual({ fields: { refreshToken: 'Unknown field' } });
    expect(invalidInput(issues('nope')).details).toEqual({ fields: { '(input)': expect.any(String) } });
  });
});
