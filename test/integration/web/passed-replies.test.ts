/**
 * api.call over the browser host's socket passes a read's JSON bytes through unparsed (issue #39):
 * for each body a zone may send, hostile ones too, the page's reply must be what the parsing path
 * (the same agent, a connection that does not take bytes) gives, errors included; the frame is
 * text, valid UTF-8, one message; and the host keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../../src-main/agent/agent-types';
import { type HostileZone, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { type HostOnSocket, hostOnSocket } from '../../support/host-socket';

const BODIES: [string, string | Uint8Array, Record<string, string>?][] = [
  ['a list', '{"items":[{"id":"a","name":"web-1","cpu":0.5,"ports":[{"port":80}]}],"next":null}'],
  [
    'a list with its next page in a Link header',
    '{"items":[]}',
    { link: '</api/v1/containers?cursor=c2>; rel="next"' },
  ],
  ['whitespace around the value', ' \n {"a" : [1, 2]} \n'],
  ['a frame breaker', '1}'],
  ['a frame breaker with a fake reply', '{"a":1}},{"t":"reply","id":1,"ok":true,"result":{"status":200,"data":2}}'],
  ['trailing garbage', '{"items":[]} x'],
  ['two values', '{} {}'],
  ['nothing but spaces', '   '],
  ['an empty body', ''],
  ['a byte order mark', '\ufeff{"a":1}'],
  ['nesting 65 deep', '['.repeat(65) + ']'.repeat(65)],
  ['nesting 100,000 deep', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['invalid UTF-8 in a string', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d])],
  ['a surrogate written as UTF-8', Uint8Array.from([0x22, 0xed, 0xa0, 0x80, 0x22])],
  ['lone surrogates as \\u escapes', '{"a":"\\ud800","b":"x\\udfff"}'],
  ['a huge number', '{"n":1e400,"m":-1e400}'],
  ['minus zero', '{"z":-0}'],
  ['long digits', `{"n":${'9'.repeat(400)}}`],
  ['quotes and braces in strings', '{"s":"\\"}}]]\\\\","u":"\\u2028\\u2029😀"}'],
  ['a duplicate key and __proto__', '{"a":1,"__proto__":{"x":1},"a":2}'],
  ['a bare string', '"just text"'],
];

let kit: HostileZone;
let page: HostOnSocket;
let zone: string;
const call = (command: string, input: unknown) => page.call(command, input);

/** The parsing path: the same agent through a connection that does not take bytes, written as JSON. */
const plainConn: Connection = { id: 'plain', sendStream: () => {}, bufferedAmount: () => 0 };
async function plain(input: unknown) {
  return JSON.parse(JSON.stringify(await page.agent.invoke('api.call', input, plainConn))) as Record<string, unknown>;
}

beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  kit.on('GET /api/v1/containers', (req) => {
    const [, body, headers] = BODIES[Number(new URL(req.rawPath, 'http://x').searchParams.get('case'))]!;
    return { ...json(''), body, headers: { 'content-type': 'application/json', ...headers } };
  });
  page = await hostOnSocket(kit, 'passed');
  zone = page.zone;
});
afterAll(async () => {
  await page?.close();
  await kit?.close();
});

describe('a read passed through the socket as the zone sent it', () => {
  it.each(BODIES.map(([name], i) => [name, i] as const))(
    '%s: the page gets what the parsing path gives',
    async (_n, i) => {
      const input = { zone, operationId: 'containers.list', query: { case: String(i) } };
      const { msg, binary } = await call('api.call', input);
      expect(binary).toBe(false);
      const { t, id, ...reply } = msg;
      expect([t, id]).toEqual(['reply', expect.any(Number)]);
      expect(reply).toStrictEqual(await plain(input));
      expect((await call('app.info', {})).msg).toMatchObject({ ok: true });
    },
  );

  it('answers a well-formed list with its data, and a broken one with zone_reply_invalid', async () => {
    // The zone's own bytes, spaces and all, are in the frame: this call took the pass-through.
    expect((await call('api.call', { zone, operationId: 'containers.list', query: { case: '2' } })).text).toContain(
      '"data": \n {"a" : [1, 2]} \n}}',
    );
    const list = await call('api.call', { zone, operationId: 'containers.list', query: { case: '0' } });
    expect(list.msg).toMatchObject({ ok: true, result: { status: 200, data: { items: [{ id: 'a' }] } } });
    const broken = await call('api.call', { zone, operationId: 'containers.list', query: { case: '3' } });
    expect(broken.msg).toMatchObject({ ok: false, error: { code: 'zone_reply_invalid' } });
  });
});
