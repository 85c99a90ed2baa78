/**
 * Where the app's socket lives (issue #35, item 4): always in a folder only this user can enter,
 * never a name under the temp folder that another local user could guess and take first; and the
 * client sends its secret only to a socket whose folder nobody else may write to.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseSocketPlace, folderProblem, socketProblem } from '../../../src-main/cli/socket-place';

const made: string[] = [];
const temp = (mode = 0o700) => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'zd-place-'));
  chmodSync(d, mode);
  made.push(d);
  return d;
};
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const long = (root: string) => {
  const d = path.join(root, 'x'.repeat(120));
  mkdirSync(d, { mode: 0o700 });
  return d;
};

describe('the socket place', () => {
  it('is the data folder when the path fits and the folder is private', () => {
    const data = temp();
    expect(chooseSocketPlace(data, {}, temp(), 'linux')).toEqual({ path: path.join(data, 'agent.sock') });
  });

  it('is a named pipe on Windows', () => {
    expect(chooseSocketPlace('C:\\Users\\a\\AppData\\Roaming\\Zonedeck', {}, os.tmpdir(), 'win32').path).toMatch(
      /^\\\\\.\\pipe\\zonedeck-[0-9a-f]{16}$/,
    );
  });

  it("uses $XDG_RUNTIME_DIR when the data folder's path is too long and the runtime folder is the user's 0700", () => {
    const data = long(temp());
    const runtime = temp();
    const p = chooseSocketPlace(data, { XDG_RUNTIME_DIR: runtime }, temp(), 'linux');
    expect(path.dirname(p.path)).toBe(runtime);
    expect(p.madeDir).toBeUndefined();
  });

  it('makes a 0700 folder with an unpredictable name when the path is too long and there is no usable runtime folder', () => {
    const data = long(temp());
    const tmp = temp();
    const open = temp(0o777); // a runtime folder anyone may write to is not used
    const a = chooseSocketPlace(data, { XDG_RUNTIME_DIR: open }, tmp, 'linux');
    const b = chooseSocketPlace(data, {}, tmp, 'linux');
    for (const p of [a, b]) {
      expect(p.madeDir).toBeDefined();
      expect(path.dirname(p.path)).toBe(p.madeDir);
      expect(path.dirname(p.madeDir!)).toBe(tmp);
      expect(statSync(p.madeDir!).mode & 0o777).toBe(0o700);
      expect(Buffer.byteLength(p.path)).toBeLessThan(100);
    }
    // Not derived from the data folder: two launches get two names nobody could have guessed.
    expect(a.path).not.toBe(b.path);
    expect(path.basename(a.madeDir!)).toMatch(/^zonedeck-[A-Za-z0-9]{6}$/);
  });

  it('leaves a data folder others may enter for a private one', () => {
    const data = temp(0o755);
    const p = chooseSocketPlace(data, {}, temp(), 'linux');
    expect(p.path.startsWith(data)).toBe(false);
    expect(statSync(path.dirname(p.path)).mode & 0o077).toBe(0);
  });
});

describe('the client check before the secret', () => {
  const listen = (where: string) =>
    new Promise<net.Server>((resolve) => {
      const s = net.createServer().listen(where, () => resolve(s));
    });

  it('accepts a socket in a private folder, refuses one in a folder others may write to', async () => {
    const good = temp();
    const planted = temp(0o777);
    const servers = [await listen(path.join(good, 's.sock')), await listen(path.join(planted, 's.sock'))];
    try {
      expect(socketProblem(path.join(good, 's.sock'))).toBeUndefined();
      expect(socketProblem(path.join(planted, 's.sock'))).toMatch(/folder is mode 777/);
      expect(folderProblem(planted)).toBe('mode 777');
      expect(socketProblem(path.join(good, 'none.sock'))).toBe('missing');
      expect(socketProblem(good)).toBe('not a socket');
    } finally {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    }
  });
});

describe('socketLink', () => {
  it('sends no secret to a socket planted in a folder others may write to', async () => {
    const { socketLink } = await import('../../../src-main/cli/socket-link');
    const { writeFileSync } = await import('node:fs');
    const data = temp();
    const planted = temp(0o777);
    const where = path.join(planted, 'agent.sock');
    const heard: string[] = [];
    const server = net.createServer((s) => s.on('data', (c: Buffer) => heard.push(c.toString())));
    await new Promise<void>((r) => server.listen(where, r));
    writeFileSync(
      path.join(data, 'agent-socket.json'),
      JSON.stringify({ path: where, secret: 'f'.repeat(64), pid: 1 }),
    );
    try {
      expect(await socketLink(data)).toBeUndefined();
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the server in a made folder', () => {
  it('serves from a fresh 0700 folder when the data folder is too long, and removes it, or a crashed host’s, after', async () => {
    const { serveAgentSocket } = await import('../../../src-main/cli/socket-server');
    const { readFileSync, existsSync, writeFileSync } = await import('node:fs');
    const saved = process.env.XDG_RUNTIME_DIR;
    delete process.env.XDG_RUNTIME_DIR;
    const agent = { onEvent: () => () => {}, disconnect() {}, openLink: () => false } as never;
    try {
      const data = long(temp());
      // A host that crashed: its announce names a socket in a made folder nobody answers on.
      const dead = mkdtempSync(path.join(os.tmpdir(), 'zonedeck-'));
      writeFileSync(path.join(dead, 'agent.sock'), '');
      writeFileSync(
        path.join(data, 'agent-socket.json'),
        JSON.stringify({ path: path.join(dead, 'agent.sock'), secret: 'x', pid: 1 }),
      );
      const s = await serveAgentSocket({ agent, dataDir: data });
      expect(existsSync(dead)).toBe(false);
      const dir = path.dirname(s.path);
      expect(path.basename(dir)).toMatch(/^zonedeck-[A-Za-z0-9]{6}$/);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(socketProblem(s.path)).toBeUndefined();
      expect(JSON.parse(readFileSync(path.join(data, 'agent-socket.json'), 'utf8'))).toMatchObject({ path: s.path });
      await s.close();
      expect(existsSync(dir)).toBe(false);
    } finally {
      if (saved !== undefined) process.env.XDG_RUNTIME_DIR = saved;
    }
  });
});
