/**
 * Field names no shape reads, told to the agent's log: names only (anything that is not a plain
 * name is dropped, at most fifty), once per zone, kind and set of names in any order, and a
 * refused note changes nothing.
 */
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { noteUnread } = await import('../../../src-renderer/data/unread-shapes');

const notes = () => scripted.commands.filter((c) => c.command === 'shapes.unread').map((c) => c.input);

beforeEach(() => {
  scripted.commands.length = 0;
  scripted.command = () => null;
});

describe('unread fields to the log', () => {
  it('tells each zone, kind and set of names once, in any order', async () => {
    noteUnread('eu-1', 'container', ['b', 'a']);
    noteUnread('eu-1', 'container', ['a', 'b']);
    noteUnread('us-1', 'container', ['a', 'b']);
    noteUnread('eu-1', 'workflow', ['a', 'b']);
    noteUnread('eu-1', 'container', ['a', 'b', 'c']);
    await flushPromises();
    expect(notes()).toEqual([
      { zone: 'eu-1', kind: 'container', fields: ['b', 'a'] },
      { zone: 'us-1', kind: 'container', fields: ['a', 'b'] },
      { zone: 'eu-1', kind: 'workflow', fields: ['a', 'b'] },
      { zone: 'eu-1', kind: 'container', fields: ['a', 'b', 'c'] },
    ]);
  });

  it('sends names only: values that got into the list are dropped, at most fifty names', async () => {
    noteUnread('eu-1', 'disk', ['size_gb', 'password=hunter2', 'a b', 'x'.repeat(65)]);
    noteUnread('eu-1', 'nic', ['only junk!']);
    noteUnread(
      'eu-1',
      'many',
      Array.from({ length: 80 }, (_, i) => `f${i}`),
    );
    await flushPromises();
    expect(notes()[0]).toEqual({ zone: 'eu-1', kind: 'disk', fields: ['size_gb'] });
    expect(notes()).toHaveLength(2);
    expect((notes()[1] as { fields: string[] }).fields).toHaveLength(50);
  });

  it('a refused note changes nothing', async () => {
    scripted.command = () => {
      throw new Error('unknown command');
    };
    expect(() => noteUnread('eu-1', 'volume', ['z'])).not.toThrow();
    await flushPromises();
  });
});
