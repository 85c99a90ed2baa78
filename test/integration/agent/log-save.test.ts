/**
 * "Save complete log" of a large log (issue #16, goal 4): the file the agent writes is the zone's
 * archive byte for byte, every line there once and in order.
 */
import { createHash } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authedFetch, call, signIn } from '../sandbox/helpers';
import { harness } from './harness';

const LINES = 200_000;

describe('saving a large container log', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-log-save-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let base: string;
  let token: string;
  let id: string;
  beforeAll(async () => {
    h = await harness({}, { homeDir: home });
    zone = (await h.addAndSignIn('eu-1')).id;
    base = h.sandbox.zones.find((z) => z.id === 'eu-1')!.baseUrl;
    const user = h.sandbox.users.find((u) => u.method === 'email')!;
    token = (await signIn(base, user.email, user.password)).access_token;
    // Sandbox extension: created stopped with LINES lines already written, so the count stays put.
    const made = await call<{ id: string }>(base, '/api/v1/containers', {
      token,
      body: { name: 'big-log', log_backlog: LINES, start: false },
    });
    id = made.body.id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('writes the whole archive, exactly as the zone sends it', async () => {
    const dir = mkdtempSync(path.join(home, 'logs-'));
    const saved = await h.invoke('compute.saveLogArchive', { zone, kind: 'container', id, dir });
    expect(saved).toMatchObject({ lines: LINES, path: path.join(dir, 'eu-1-big-log-logs.txt') });

    const zoneHash = createHash('sha256');
    let zoneBytes = 0;
    const res = await authedFetch(base, token, `/api/v1/containers/${id}/logs/archive`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      zoneHash.update(chunk);
      zoneBytes += chunk.byteLength;
    }
    expect(statSync(saved!.path).size).toBe(zoneBytes);
    expect(saved!.bytes).toBe(zoneBytes);

    const fileHash = createHash('sha256');
    let rest = '';
    let expected = 1;
    let misnumbered = 0;
    for await (const chunk of createReadStream(saved!.path)) {
      fileHash.update(chunk as Buffer);
      const lines = (rest + (chunk as Buffer).toString('latin1')).split('\n');
      rest = lines.pop()!;
      for (const l of lines) if (Number(/ (\d{7,}) /.exec(l)?.[1]) !== expected++) misnumbered++;
    }
    expect(rest).toBe(''); // ends with a newline
    expect(misnumbered).toBe(0);
    expect(expected - 1).toBe(LINES);
    expect(fileHash.digest('hex')).toBe(zoneHash.digest('hex'));
  }, 60_000);
});
