import { describe, expect, it } from 'vitest';
import {
  HISTORY_CAP,
  HistoryCursor,
  historyKey,
  loadHistory,
  pushHistory,
} from '../../../../src-renderer/features/workspaces/cms/cms-history';
import { suggest } from '../../../../src-renderer/features/workspaces/cms/cms-completion';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
    key: (i) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

describe('CMS command history', () => {
  it('is kept per zone and workspace, capped, an immediate repeat stored once', () => {
    const s = memory();
    const k = historyKey('eu-1', 'ws-1');
    expect(k).not.toBe(historyKey('eu-1', 'ws-2'));
    let list = loadHistory(s, k);
    list = pushHistory(s, k, list, 'post list');
    list = pushHistory(s, k, list, 'post list ');
    list = pushHistory(s, k, list, '  ');
    list = pushHistory(s, k, list, 'option get blogname');
    expect(loadHistory(s, k)).toEqual(['post list', 'option get blogname']);
    for (let i = 0; i < HISTORY_CAP + 10; i++) list = pushHistory(s, k, list, `post get ${i}`);
    expect(loadHistory(s, k)).toHaveLength(HISTORY_CAP);
    expect(loadHistory(s, k).at(-1)).toBe(`post get ${HISTORY_CAP + 9}`);
  });

  it('reads an unreadable entry as empty', () => {
    const s = memory();
    s.setItem('k', '{not json');
    expect(loadHistory(s, 'k')).toEqual([]);
    s.setItem('k', '[1, "a"]');
    expect(loadHistory(s, 'k')).toEqual(['a']);
  });

  it('recalls with Up and Down and comes back to the line being typed', () => {
    const c = new HistoryCursor(['a', 'b']);
    expect(c.down()).toBeNull();
    expect(c.up('typing')).toBe('b');
    expect(c.up('b')).toBe('a');
    expect(c.up('a')).toBeNull();
    expect(c.down()).toBe('b');
    expect(c.down()).toBe('typing');
    expect(c.down()).toBeNull();
    expect(new HistoryCursor([]).up('x')).toBeNull();
  });
});

describe('CMS completion', () => {
  it('offers the command groups first, with docs', () => {
    const words = suggest([]).map((s) => s.word);
    expect(words).toEqual(
      expect.arrayContaining(['plugin', 'theme', 'post', 'page', 'option', 'menu', 'user', 'cache', 'rewrite']),
    );
    expect(suggest([]).every((s) => s.doc.length > 5)).toBe(true);
  });

  it('offers subcommands of a group, nested ones step by step, none after flags’ values', () => {
    expect(suggest(['plugin']).map((s) => s.word)).toEqual(
      expect.arrayContaining(['list', 'activate', 'deactivate', 'status']),
    );
    expect(suggest(['page']).map((s) => s.word)).toEqual(['list', 'get', 'create', 'update', 'delete']);
    expect(suggest(['menu']).filter((s) => s.word === 'item')).toHaveLength(1);
    expect(suggest(['menu', 'item']).map((s) => s.word)).toEqual(['add-post', 'add-custom', 'list']);
    expect(suggest(['--allow-root', 'option']).map((s) => s.word)).toContain('update');
    expect(suggest(['option', 'add'])).toEqual([]);
    expect(suggest(['nope'])).toEqual([]);
    expect(suggest(['cache'])[0]).toMatchObject({ word: 'flush', example: 'cache flush' });
  });

  it('offers common flags after a subcommand, page as a post type, without the ones given', () => {
    const words = suggest(['post', 'list']).map((s) => s.word);
    expect(words).toContain('--post_type=page');
    expect(suggest(['post', 'list', '--post_type=post']).map((s) => s.word)).not.toContain('--post_type=page');
    expect(suggest(['page', 'create']).map((s) => s.word)).toContain('--post_title=');
    expect(suggest(['plugin', 'activate', 'akismet']).map((s) => s.word)).toEqual(['--all']);
  });
});
