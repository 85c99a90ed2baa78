/** `zonedeck fields … role=field`: a key, a nested key, or a tag list's entry, checked as the zones file checks it. */
import { describe, expect, it } from 'vitest';
import { parseSet } from '../../../src-main/cli/commands/fields';

describe('zonedeck fields role=field', () => {
  it('reads a key, a nested key and a tag list’s entry', () => {
    expect(parseSet('name=title')).toEqual({ role: 'name', path: ['title'] });
    expect(parseSet('name=metadata.name')).toEqual({ role: 'name', path: ['metadata', 'name'] });
    expect(parseSet('name=Tags[Key=Name].Value')).toEqual({
      role: 'name',
      path: [{ list: 'Tags', key: 'Key', match: 'Name', value: 'Value' }],
    });
    expect(parseSet('state=')).toEqual({ role: 'state', path: null });
  });

  it('refuses a role it does not know and a field no record can hold', () => {
    expect(() => parseSet('colour=x')).toThrow(/role one of id, name, state, created/);
    expect(() => parseSet('name=__proto__')).toThrow(/not a field of a record/);
    expect(() => parseSet('name=Tags[Key=constructor].Value')).toThrow(/Tags\[Key=Name\]\.Value/);
  });
});
