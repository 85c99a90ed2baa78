/**
 * The schema every frame passes before the agent (issue #35, item 3): bounded in size and depth
 * before it is parsed, then field by field; a refused frame keeps its id when it led with one.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_FRAME_DEPTH,
  checkClientMessage,
  jsonTextDeeperThan,
  readFrame,
} from '../../../src-main/contract/client-frames';

const read = (text: string, max = 1000) => readFrame(text, max, checkClientMessage);

describe('frame depth, read from the text', () => {
  it('counts brackets outside strings only, escapes included', () => {
    expect(jsonTextDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonTextDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonTextDeeperThan(`{"a":"${'['.repeat(50)}"}`, 2)).toBe(false);
    expect(jsonTextDeeperThan(`{"a":"\\"${'{'.repeat(50)}"}`, 2)).toBe(false);
    expect(jsonTextDeeperThan(`{"a":"\\\\",${'['.repeat(5)}`, 3)).toBe(true);
    expect(jsonTextDeeperThan('['.repeat(100_000) + ']'.repeat(100_000), MAX_FRAME_DEPTH)).toBe(true);
  });
});

describe('readFrame', () => {
  it('takes each message of the protocol, with only its own fields', () => {
    expect(read('{"t":"invoke","id":1,"command":"app.info","input":{},"x":1}')).toEqual({
      ok: true,
      msg: { t: 'invoke', id: 1, command: 'app.info', input: {} },
    });
    expect(read('{"t":"cancel","id":2}')).toMatchObject({ ok: true });
    expect(read('{"t":"stream","sid":"s","kind":"resize","cols":80,"rows":24}')).toMatchObject({ ok: true });
    expect(read('{"t":"stream","sid":"s","kind":"ack","bytes":10}')).toMatchObject({ ok: true });
    expect(read('{"t":"stream","sid":"s","kind":"close"}')).toMatchObject({ ok: true });
  });

  it('refuses by id what led with one, and without an id what did not', () => {
    expect(read('{"t":"invoke","id":3,"command":5}')).toMatchObject({ ok: false, id: 3 });
    expect(read('{"t":"invoke","id":4,"command":null}')).toMatchObject({ ok: false, id: 4 });
    expect(read('{"t":"invoke","id":"x","command":"a"}')).toEqual({ ok: false, error: expect.anything() });
    expect(read(`{"t":"invoke","id":5,"input":${'['.repeat(200)}${']'.repeat(200)}}`)).toMatchObject({
      ok: false,
      id: 5,
      error: { message: /nest/ },
    });
    expect(read(`{"t":"invoke","id":6,"command":"${'x'.repeat(2000)}"}`)).toMatchObject({ ok: false, id: 6 });
    for (const bad of ['', 'nope', '5', 'null', '[]', '{"t":"stream","sid":"s","kind":"resize","cols":-1,"rows":1}'])
      expect(read(bad), bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
