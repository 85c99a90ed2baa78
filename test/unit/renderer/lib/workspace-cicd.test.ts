/** The CI/CD readers, each in two shapes (the sandbox's and another zone's), and the runtime-log lines check. */
import { describe, expect, it } from 'vitest';
import { followLogTail } from '../../../../src-renderer/lib/log-tail';
import {
  checkLines,
  deploymentsOf,
  logLines,
  safeUrl,
  shortSha,
  toCicdStatus,
  waitingToDeploy,
} from '../../../../src-renderer/shapes/cicd-record';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('CI/CD status', () => {
  it('reads the sandbox shape', () => {
    const s = toCicdStatus({
      enabled: true,
      tracked_branch: 'main',
      last_seen_sha: A,
      last_deployed_sha: A,
      app_status: `running (${A.slice(0, 7)})`,
      live_url: 'https://shop-1.apps.eu-1.example',
      deploy_server_id: 'ds-main',
    });
    expect(s).toMatchObject({ enabled: true, branch: 'main', running: true, deployServer: 'ds-main' });
    expect(shortSha(s.lastDeployed)).toBe('aaaaaaa');
    expect(waitingToDeploy(s)).toBe(false);
    expect(safeUrl(s.liveUrl)).toBe('https://shop-1.apps.eu-1.example');
  });

  it('reads another zone: wrapped, camelCase, commits as objects, not running, a newer commit waiting', () => {
    const s = toCicdStatus({
      cicd: {
        cicdEnabled: false,
        branch: 'release',
        lastSeenSha: { sha: B },
        last_deployed: { id: A },
        appStatus: 'stopped since 10:00',
        url: 'javascript:alert(1)',
      },
    });
    expect(s).toMatchObject({ enabled: false, branch: 'release', lastSeen: B, lastDeployed: A, running: false });
    expect(waitingToDeploy(s)).toBe(true);
    expect(safeUrl(s.liveUrl)).toBeUndefined();
  });

  it('says running only when app_status starts with "running"', () => {
    expect(toCicdStatus({ app_status: 'Running' }).running).toBe(true);
    expect(toCicdStatus({ app_status: 'not running' }).running).toBe(false);
    expect(toCicdStatus({ app_status: 'not deployed' }).running).toBe(false);
    expect(toCicdStatus({}).running).toBe(false);
    // A short sha and its long form are the same commit.
    expect(waitingToDeploy(toCicdStatus({ last_seen_sha: A.slice(0, 7), last_deployed_sha: A }))).toBe(false);
  });
});

describe('deployment history', () => {
  it('reads {items} with uuid and commit, newest first as sent', () => {
    const rows = deploymentsOf({
      items: [
        {
          uuid: 'd2',
          status: 'succeeded',
          commit: B,
          app: 'backend',
          trigger: 'manual',
          started_at: '2026-11-02T10:00:00Z',
        },
        {
          uuid: 'd1',
          status: 'failed',
          commit: A,
          app: 'storefront',
          trigger: 'push',
          started_at: '2026-11-01T10:00:00Z',
        },
      ],
    });
    expect(rows.map((r) => [r.id, r.status, r.commit, r.app, r.trigger])).toEqual([
      ['d2', 'succeeded', B, 'backend', 'manual'],
      ['d1', 'failed', A, 'storefront', 'push'],
    ]);
  });

  it('reads a bare array with id, sha and state, sorted newest first when sent oldest first', () => {
    const rows = deploymentsOf([
      { id: 'x1', state: 'SUCCEEDED', sha: A, app_name: 'storefront', createdAt: '2026-11-01T10:00:00Z' },
      { id: 'x2', state: 'running', sha: { sha: B }, app_name: 'storefront', createdAt: '2026-11-03T10:00:00Z' },
    ]);
    expect(rows.map((r) => [r.id, r.status, r.commit])).toEqual([
      ['x2', 'running', B],
      ['x1', 'SUCCEEDED', A],
    ]);
  });
});

describe('logs', () => {
  it('splits plain text into lines without an empty last one', () => {
    expect(logLines('one\r\ntwo\n')).toEqual(['one', 'two']);
    expect(logLines('')).toEqual([]);
    expect(logLines(null)).toEqual([]);
  });

  it('follows a re-read runtime log without showing a line twice', () => {
    const follow = followLogTail();
    const first = ['l1', 'l2', 'l3'];
    expect(follow(first)).toEqual(first);
    expect(follow(first)).toEqual([]);
    expect(follow(['l2', 'l3', 'l4'])).toEqual(['l4']);
  });

  it('checks lines: a whole number from 1 to 1000', () => {
    expect(checkLines(200)).toBeNull();
    expect(checkLines(1)).toBeNull();
    expect(checkLines(1000)).toBeNull();
    expect(checkLines(0)).toMatch(/between 1 and 1000/);
    expect(checkLines(1001)).toMatch(/between 1 and 1000/);
    expect(checkLines(2.5)).toMatch(/whole number/);
    expect(checkLines(null)).toMatch(/number of lines/);
  });
});
