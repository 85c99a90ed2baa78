/**
 * The skill file stores in a zone's words: the selection parameter follows the zone's file list,
 * a read's JSON teaches the content field, a write refused in words asking for raw text is sent
 * once as text and then always, and a save the zone did not keep as sent leaves the typed text
 * in its tab, unsaved. The agent is replaced by a scripted zone (the HTTP path is the agent's,
 * tested against loopback zones elsewhere).
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../../../../src-main/contract/errors';
import { scripted } from '../../../../support/scripted-agent';

vi.mock('../../../../../src-renderer/agent', async () =>
  (await import('../../../../support/scripted-agent')).scriptedAgentModule(),
);
const { calls } = scripted;
const { putSkillFile, readSkillFile, fileSpeechOf } =
  await import('../../../../../src-renderer/features/workflows/skills/skills');
const { useSkillTabsStore, isDirty } = await import('../../../../../src-renderer/features/workflows/skills/skill-tabs');

let n = 0;
let s = { zone: 'z0', id: 'k' };
beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
  scripted.sent = () => undefined;
  s = { zone: `z${++n}`, id: 'k' }; // a fresh zone: nothing learned yet
});

describe('skill files in the zone’s words', () => {
  it('reads by the list’s parameter and learns the JSON content field; writes under those names', async () => {
    Object.assign(fileSpeechOf(s.zone), { pathName: 'file' });
    scripted.answer = (c) => (c.op === 'skills.files.content' ? { data: { text: 'hello' } } : {});
    await expect(readSkillFile(s, 'a.md')).resolves.toBe('hello');
    expect(calls[0]!.opts.query).toEqual({ file: 'a.md' });
    await putSkillFile(s, 'a.md', 'new', true);
    expect(calls[1]!.opts).toMatchObject({ body: { file: 'a.md', text: 'new' } });
    expect(calls[1]!.opts.encoding).toBeUndefined();
  });

  it('a write taken under other names (the agent learned them) is written so next, even after a read', async () => {
    // A zone that reads the text as `rk4p` but took the write under `owpgdp8` (a refusal named it).
    Object.assign(fileSpeechOf(s.zone), { pathName: 's942x', listPath: 's942x' });
    scripted.answer = (c) => (c.op === 'skills.files.content' ? { s942x: 'a.md', rk4p: 'old' } : {});
    await readSkillFile(s, 'a.md');
    scripted.sent = (c) =>
      c.op === 'skills.files.put' ? { body: { 'skillFile.path': 's942x', 'skillFile.content': 'owpgdp8' } } : undefined;
    await putSkillFile(s, 'a.md', 'one', true);
    scripted.sent = () => undefined;
    await readSkillFile(s, 'a.md');
    await putSkillFile(s, 'a.md', 'two', true);
    expect(calls.at(-1)!.opts.body).toEqual({ s942x: 'a.md', owpgdp8: 'two' });
    expect(calls.at(-1)!.opts.query).toEqual({});
  });

  it('a write taken with nested names is written nested next, and the selection keeps its parameter', async () => {
    scripted.answer = (c) => (c.op === 'skills.files.content' ? 'text' : {});
    scripted.sent = (c) =>
      c.op === 'skills.files.put'
        ? { body: { 'skillFile.path': 'spec.path', 'skillFile.content': 'spec.content' } }
        : undefined;
    await putSkillFile(s, 'a.md', 'one', true);
    scripted.sent = () => undefined;
    await putSkillFile(s, 'a.md', 'two', true);
    expect(calls.at(-1)!.opts.body).toEqual({ spec: { path: 'a.md', content: 'two' } });
    await readSkillFile(s, 'a.md');
    expect(calls.at(-1)!.opts.query).toEqual({ path: 'a.md' });
  });

  it('a write refused for not being text is sent once as raw text, then always as text', async () => {
    scripted.answer = (c) => {
      if (c.op === 'skills.files.put' && c.opts.encoding !== 'text')
        throw new AgentError({ status: 415, code: 'unsupported_media_type', message: 'send the file as text/plain' });
      return undefined;
    };
    await putSkillFile(s, 'a.md', 'x', true);
    expect(calls.map((c) => c.opts.encoding ?? 'json')).toEqual(['json', 'text']);
    expect(calls[1]!.opts).toMatchObject({ body: 'x', query: { path: 'a.md' } });
    await putSkillFile(s, 'b.md', 'y', true);
    expect(calls.map((c) => c.opts.encoding ?? 'json')).toEqual(['json', 'text', 'text']);
  });

  it('a refusal that says nothing of encodings is not retried', async () => {
    scripted.answer = () => {
      throw new AgentError({ status: 422, code: 'invalid', message: "missing required field 'contents'" });
    };
    await expect(putSkillFile(s, 'a.md', 'x', true)).rejects.toThrow(/contents/);
    expect(calls).toHaveLength(1);
  });

  it('a JSON write refused for a missing query parameter is sent as text, selected by the parameter named', async () => {
    scripted.answer = (c) => {
      if (c.opts.encoding !== 'text' || !c.opts.query?.file)
        throw new AgentError({
          status: 400,
          code: 'invalid_request',
          message: 'query parameter `file` is required',
          details: { param: 'file' },
        });
      return undefined;
    };
    await putSkillFile(s, 'a.md', 'x', true);
    expect(calls[1]!.opts).toMatchObject({ encoding: 'text', body: 'x', query: { file: 'a.md' } });
  });

  it('a save the zone did not keep as sent leaves the typed text, unsaved, and says what the zone kept', async () => {
    let held = 'old';
    scripted.answer = (c) => (c.op === 'skills.files.content' ? held : { path: 'a.md', size: 3 }); // the ack carries no text
    const tabs = useSkillTabsStore();
    await tabs.open(s, 'a.md');
    const t = tabs.find(s, 'a.md')!;
    t.text = 'typed';
    await expect(tabs.save(s, 'a.md')).resolves.toEqual({ kind: 'notKept', zoneText: 'old' });
    expect(t.text).toBe('typed');
    expect(isDirty(t)).toBe(true);
    expect(t.notKept).toBe('old');
    // The zone now keeps it: saved, and the notice goes.
    scripted.answer = (c) => {
      if (c.op === 'skills.files.put') held = (c.opts.body as { content: string }).content;
      return c.op === 'skills.files.content' ? held : {};
    };
    await expect(tabs.save(s, 'a.md')).resolves.toEqual({ kind: 'saved' });
    expect(isDirty(t)).toBe(false);
    expect(t.notKept).toBeNull();
  });
});
