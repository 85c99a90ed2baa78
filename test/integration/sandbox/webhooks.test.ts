import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src-main/sandbox/webhooks/signature';
import { call, loopbackFetch, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const SECRET = "It's a Secret to Everybody";
const HOOK = '/api/v1/webhooks/github/apps/app-hello-world';

function deliver(body: string, headers: Record<string, string>) {
  return loopbackFetch(sb.eu + HOOK, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function shopDeployments(): Promise<Record<string, unknown>[]> {
  const list = await call(sb.eu, '/api/v1/workspaces', { token });
  const shop = (list.body.items as Record<string, unknown>[]).find((w) => w.name === 'shop')!;
  return (await call(sb.eu, `/api/v1/workspaces/${String(shop.id)}/cicd/deployments`, { token })).body.items as Record<
    string,
    unknown
  >[];
}

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

describe('webhook receiver', () => {
  it("accepts GitHub's published test vector", async () => {
    expect(sign(SECRET, 'Hello, World!')).toBe(
      'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    );
    const r = await deliver('Hello, World!', {
      'x-hub-signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      'x-github-event': 'ping',
    });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
  });

  it('is 401 for a missing or wrong signature, and needs no Bearer token', async () => {
    expect((await deliver('Hello, World!', {})).status).toBe(401);
    expect((await deliver('Hello, World!', { 'x-hub-signature-256': 'sha256=00' })).status).toBe(401);
    const tampered = await deliver('Hello, World?', {
      'x-hub-signature-256': sign(SECRET, 'Hello, World!'),
      'x-github-event': 'push',
    });
    expect(tampered.status).toBe(401);
    expect(
      (await loopbackFetch(`${sb.eu}/api/v1/webhooks/github/apps/app-none`, { method: 'POST', body: '{}' })).status,
    ).toBe(404);
  });

  it('ignores non-push events and pushes to untracked refs', async () => {
    const before = (await shopDeployments()).length;
    const body = JSON.stringify({ ref: 'refs/heads/feature', after: 'a'.repeat(40) });
    expect((await deliver(body, { 'x-hub-signature-256': sign(SECRET, body), 'x-github-event': 'push' })).status).toBe(
      204,
    );
    const issue = JSON.stringify({ action: 'opened' });
    expect(
      (await deliver(issue, { 'x-hub-signature-256': sign(SECRET, issue), 'x-github-event': 'issues' })).status,
    ).toBe(204);
    expect((await shopDeployments()).length).toBe(before);
  });

  it('deploys the bound workspace on a push to the tracked branch', async () => {
    const before = (await shopDeployments()).length;
    const sha = 'b'.repeat(40);
    // Signature over the exact raw bytes, whitespace included.
    const body = `{ "ref": "refs/heads/main",  "after": "${sha}" }`;
    const r = await deliver(body, { 'x-hub-signature-256': sign(SECRET, body), 'x-github-event': 'push' });
    expect(r.status).toBe(202);
    const after = await shopDeployments();
    expect(after.length).toBe(before + 2);
    expect(after[0]).toMatchObject({ commit: sha, status: 'succeeded' });
  });
});
