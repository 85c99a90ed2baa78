/**
 * The sandbox mailbox: the mails on start, newest first, each new mail the agent announces added
 * once (a repeat replaces it) and counted unread; a failed read is said, and cleared by the next.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxMail } from '@contract/commands';
import { emitEvent, scripted, scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useMailStore } = await import('../../../../src-renderer/features/sandbox/mailbox');

const mail = (id: string, minute: number, code?: string): SandboxMail => ({
  id,
  to: 'dev@example.com',
  subject: `Mail ${id}`,
  body: '…',
  ...(code ? { code } : {}),
  sent_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});

beforeEach(() => setActivePinia(createPinia()));

describe('sandbox mailbox', () => {
  it('lists the mails newest first and adds each announced one once, counting it unread', async () => {
    scripted.command = (command) => (command === 'sandbox.mail' ? [mail('a', 1), mail('b', 3)] : []);
    const box = useMailStore();
    box.start();
    await flushPromises();
    expect(box.mails.map((m) => m.id)).toEqual(['b', 'a']);
    expect(box.unread).toBe(0);
    emitEvent('sandbox.mail', mail('c', 5, '123456'));
    emitEvent('sandbox.mail', mail('c', 5, '123456'));
    expect(box.mails.map((m) => m.id)).toEqual(['c', 'b', 'a']);
    expect(box.mails[0]!.code).toBe('123456');
    expect(box.unread).toBe(2);
  });

  it('says why the mailbox could not be read, until it can', async () => {
    scripted.command = () => {
      throw new Error('The sandbox is not running.');
    };
    const box = useMailStore();
    await box.load();
    expect(box.error).toBe('The sandbox is not running.');
    scripted.command = () => [mail('a', 1)];
    await box.load();
    expect(box.error).toBeNull();
    expect(box.mails).toHaveLength(1);
  });
});
