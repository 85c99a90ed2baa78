/** Console WebSockets: shell emulation, resize, flood with backpressure, refusals and closes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CONTROL, CONSOLE_OFFERED } from '../../../src-main/contract/console-protocol';
import { setFaults } from './helpers';
import { type ComputeSandbox, computeSandbox, openConsole, type Rec } from './compute-support';

let c: ComputeSandbox;
let web: Rec;

beforeAll(async () => {
  c = await computeSandbox();
  web = await c.byName('containers', 'web-1');
});
afterAll(() => c.sb.close());

const PROMPT = 'root@web-1:~# ';

describe('container console', () => {
  it('shows a prompt, echoes typing and runs `echo hello`', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    const from = t.bytes();
    t.send('echo hello\r');
    const out = await t.waitFor(`hello\r\n${PROMPT}`, from);
    expect(out).toBe(`echo hello\r\nhello\r\n${PROMPT}`);
    t.ws.close();
  });

  it('handles backspace, unknown commands, env and hostname', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    let from = t.bytes();
    t.send('hostnamx\x7fe\r');
    expect(await t.waitFor(PROMPT, from)).toContain('\b \b');
    expect(t.output().slice(from)).toContain('\r\nweb-1\r\n');
    from = t.bytes();
    t.send('frobnicate --now\r');
    expect(await t.waitFor(PROMPT, from)).toContain('sh: frobnicate: not found\r\n');
    from = t.bytes();
    t.send('env\n');
    const env = await t.waitFor(PROMPT, from);
    expect(env).toContain('PORT=8080\r\n');
    expect(env).toContain('HOSTNAME=web-1\r\n');
    t.ws.close();
  });

  it('accepts resize control frames once the control subprotocol is selected (stty size reports them)', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console?cols=100&rows=30`, [
      ...CONSOLE_OFFERED,
    ]);
    expect(t.ws.protocol).toBe(CONSOLE_CONTROL);
    await t.waitFor(PROMPT);
    let from = t.bytes();
    t.send('stty size\r');
    expect(await t.waitFor(PROMPT, from)).toContain('30 100\r\n');
    t.ws.send(JSON.stringify({ type: 'resize', cols: 132, rows: 43 })); // text frame: control
    from = t.bytes();
    t.send('stty size\r');
    expect(await t.waitFor(PROMPT, from)).toContain('43 132\r\n');
    t.ws.close();
  });

  it('types a resize frame as input when the client offered no subprotocol', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console?cols=100&rows=30`);
    expect(t.ws.protocol).toBe('');
    await t.waitFor(PROMPT);
    let from = t.bytes();
    t.ws.send(JSON.stringify({ type: 'resize', cols: 132, rows: 43 }));
    t.send('\r');
    expect(await t.waitFor(PROMPT, from)).toContain('not found');
    from = t.bytes();
    t.send('stty size\r');
    expect(await t.waitFor(PROMPT, from)).toContain('30 100\r\n');
    t.ws.close();
  });

  it('flood N delivers exactly N bytes, then a summary and the prompt', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    const n = 2_000_000;
    const from = t.bytes();
    t.send('flood 2M\r');
    const out = await t.waitFor(`[flood] ${n} bytes\r\n${PROMPT}`, from, 20_000);
    const head = 'flood 2M\r\n';
    const tail = `\r\n[flood] ${n} bytes\r\n${PROMPT}`;
    expect(out.startsWith(head)).toBe(true);
    expect(out.length - head.length - tail.length).toBe(n);
    t.ws.close();
  });

  it('Ctrl-C stops a flood (it paces itself to the reader, so the key gets through)', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    const from = t.bytes();
    t.send('flood 10G\r');
    await t.waitFor('0123456789', from);
    t.send('\x03');
    const out = await t.waitFor(PROMPT, from + 100, 20_000);
    const sent = Number(/\[flood\] (\d+) bytes/.exec(out)?.[1]);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(1e10);
    t.ws.close();
  });

  it('exit closes the socket normally', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    t.send('exit\r');
    expect((await t.closed).code).toBe(1000);
  });

  it('is refused with 4409 when the container is not running', async () => {
    const proxy = await c.byName('containers', 'db-proxy');
    const t = await openConsole(c.sb.eu, c.token, `/containers/${proxy.id}/console`);
    const closed = await t.closed;
    expect(closed.code).toBe(4409);
    expect(closed.reason).toContain('stopped');
  });

  it('closes with 4410 when the container stops', async () => {
    const w = await c.byName('containers', 'worker-1');
    const t = await openConsole(c.sb.eu, c.token, `/containers/${w.id}/console`);
    await t.waitFor('root@worker-1:~# ');
    await c.api(`/containers/${w.id}/stop`, { method: 'POST' });
    expect((await t.closed).code).toBe(4410);
  });

  it('is cut by a drop_websockets fault', async () => {
    const t = await openConsole(c.sb.eu, c.token, `/containers/${web.id}/console`);
    await t.waitFor(PROMPT);
    await setFaults(c.sb.eu, { drop_websockets: true });
    expect((await t.closed).code).toBe(1006);
    await setFaults(c.sb.eu, { drop_websockets: false });
  });
});

describe('microVM serial console', () => {
  it('prints a login banner, then a working prompt', async () => {
    const vm = await c.byName('microvms', 'vm-build');
    const t = await openConsole(c.sb.eu, c.token, `/microvms/${vm.id}/console`);
    const banner = await t.waitFor('root@vm-build:~# ');
    expect(banner).toContain('vm-build login: root');
    const from = t.bytes();
    t.send('uname -a\r');
    expect(await t.waitFor('root@vm-build:~# ', from)).toContain('Linux vm-build ');
    t.ws.close();
  });

  it('is refused while suspended', async () => {
    const vm = await c.byName('microvms', 'vm-sandbox');
    expect((await (await openConsole(c.sb.eu, c.token, `/microvms/${vm.id}/console`)).closed).code).toBe(4409);
  });
});
