/**
 * The palette's actions on the workspace open in details: a pane that closes after another
 * opened does not unmark the newer one; "Open live URL" opens only an http(s) URL the zone's
 * CI/CD status gives, and says in words when there is none; "Copy admin password" puts the
 * first password a credential kind answers with on the clipboard, never on screen.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { selectWorkspace, selectedWorkspace, runWorkspaceAction } =
  await import('../../../src-renderer/features/workspaces/selected-workspace');

const ws = (id: string, template?: string) => ({ zone: 'eu-1', zoneName: 'eu-1', id, name: `shop-${id}`, template });

beforeEach(() => {
  scripted.calls.length = 0;
  selectedWorkspace.value = null;
});

describe('palette workspace actions', () => {
  it('unmarking a workspace clears it only while it is still the one marked', () => {
    const first = ws('w1');
    const second = ws('w2');
    const unmarkFirst = selectWorkspace(first);
    const unmarkSecond = selectWorkspace(second);
    unmarkFirst();
    expect(selectedWorkspace.value).toBe(second);
    unmarkSecond();
    expect(selectedWorkspace.value).toBeNull();
  });

  it('opens the live URL from the CI/CD status (wrapped or not), and refuses one that is not http(s)', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    scripted.answer = () => ({ cicd: { app_status: 'running', live_url: 'https://shop.example.com' } });
    await expect(runWorkspaceAction('live-url', ws('w1'))).resolves.toEqual({
      title: 'Live URL of shop-w1 opened',
      link: 'https://shop.example.com',
    });
    expect(open).toHaveBeenCalledWith('https://shop.example.com', '_blank', 'noopener,noreferrer');
    expect(scripted.calls[0]).toMatchObject({ op: 'workspaces.cicd.get', opts: { params: { id: 'w1' } } });

    open.mockClear();
    scripted.answer = () => ({ live_url: 'javascript:alert(1)' });
    await expect(runWorkspaceAction('live-url', ws('w1'))).rejects.toThrow(
      'shop-w1 has no live URL yet: it is not deployed.',
    );
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('copies the first admin password a credential kind answers with, and says so', async () => {
    const written: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (t: string) => void written.push(t));
    scripted.answer = (c: ScriptedCall) =>
      c.op === 'workspaces.cmsCredentials' ? { admin_email: 'a@example.com', admin_password: 's3cret' } : undefined;
    const done = await runWorkspaceAction('copy-password', ws('w1', 'cms'));
    expect(done).toEqual({ title: 'Admin password of shop-w1 copied to the clipboard' });
    expect(written).toEqual(['s3cret']);
    expect(JSON.stringify(done)).not.toContain('s3cret');
  });
});
