/**
 * The protected-zone guard as the shell installs it (useProtectedGuard under the dialog provider):
 * a change in a protected zone waits for the zone's name typed in the real confirmation dialog;
 * reads and other zones never ask; a refusal sends nothing; changes started together share one
 * dialog; a confirmed name lets that action's calls through until the person's next click.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_CODES } from '@contract/errors';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { button, dialogs, mountInDialogs, settle, theDialog, type } from '../support/dialogs';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { agent } = await import('../../../src-renderer/agent');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { useProtectedGuard } = await import('../../../src-renderer/shell/use-protected-guard');
const { zonePasses } = await import('../../../src-renderer/data/protected-zones');

let pinia: Pinia;
let unmount: () => void;

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  scripted.calls.length = 0;
  scripted.commands.length = 0;
  scripted.answer = () => ({ ok: true });
  scripted.command = (command) =>
    command === 'zones.list' ? [zone('prod', undefined, { name: 'production', protected: true }), zone('dev')] : [];
  await useZonesStore().load();
  const w = mountInDialogs(pinia, useProtectedGuard);
  unmount = () => w.unmount();
});
afterEach(async () => {
  unmount();
  zonePasses.revokeAll();
  document.body.innerHTML = '';
  await settle();
});

const stop = (z: string, id = 'c1') => agent.call(z, 'containers.stop', { params: { id } });
const sent = () => scripted.calls.map((c) => `${c.op} ${c.opts.params?.id ?? ''}`.trim());

describe('the protected-zone guard', () => {
  it('holds a change in a protected zone until its name is typed; the wrong name keeps the button off', async () => {
    const call = stop('prod');
    await flushPromises();
    expect(sent()).toEqual([]);
    const d = theDialog();
    expect(d.textContent).toContain('production is a protected zone. Type its name, production, to send.');
    expect(d.textContent).toContain('This sends containers.stop for c1 to production.');
    const send = button(d, 'Send the change');
    expect(send.disabled).toBe(true);
    await type(d, 'prod');
    expect(send.disabled).toBe(true);
    send.click();
    await flushPromises();
    expect(sent()).toEqual([]);
    await type(d, 'production');
    expect(send.disabled).toBe(false);
    send.click();
    await call;
    expect(sent()).toEqual(['containers.stop c1']);
  });

  it('Enter in the field confirms only once the name matches', async () => {
    const call = stop('prod');
    await flushPromises();
    const d = theDialog();
    const field = await type(d, 'productio');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await flushPromises();
    expect(sent()).toEqual([]);
    await type(d, 'production');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await call;
    expect(sent()).toEqual(['containers.stop c1']);
  });

  it('Cancel sends nothing and fails the call as cancelled', async () => {
    const call = stop('prod');
    await flushPromises();
    button(theDialog(), 'Cancel').click();
    await expect(call).rejects.toMatchObject({ code: AGENT_CODES.cancelled });
    expect(sent()).toEqual([]);
  });

  it('never asks for a read, or for a change in a zone that is not protected', async () => {
    await agent.call('prod', 'containers.list');
    await stop('dev');
    expect(dialogs()).toHaveLength(0);
    expect(sent()).toEqual(['containers.list', 'containers.stop c1']);
  });

  it('changes started together (a bulk stop) share one dialog; the typed name sends them all', async () => {
    const calls = [stop('prod', 'c1'), stop('prod', 'c2'), stop('prod', 'c3')];
    await flushPromises();
    const d = theDialog();
    await type(d, 'production');
    button(d, 'Send the change').click();
    await Promise.all(calls);
    expect(sent()).toEqual(['containers.stop c1', 'containers.stop c2', 'containers.stop c3']);
  });

  it('the pass lasts for the action’s own calls; the next click ends it, and the next change asks again', async () => {
    const first = stop('prod', 'c1');
    await flushPromises();
    await type(theDialog(), 'production');
    button(theDialog(), 'Send the change').click();
    await first;
    // (The confirmed dialog may still be leaving: only a new one counts.)
    const before = dialogs();
    const opened = () => dialogs().filter((d) => !before.includes(d));
    // The same action's follow-up call (detach, then delete) passes unasked.
    await stop('prod', 'c2');
    await flushPromises();
    expect(sent()).toEqual(['containers.stop c1', 'containers.stop c2']);
    expect(opened()).toHaveLength(0);

    window.dispatchEvent(new Event('pointerdown'));
    const next = stop('prod', 'c3');
    await flushPromises();
    expect(opened()).toHaveLength(1);
    expect(sent()).toHaveLength(2);
    button(opened()[0]!, 'Cancel').click();
    await expect(next).rejects.toMatchObject({ code: AGENT_CODES.cancelled });
  });

  it('agent commands that change a zone ask too (an API client created in a protected zone)', async () => {
    const created = agent.invoke('apiClients.create', { zone: 'prod', name: 'ci', scopes: [] });
    await flushPromises();
    expect(scripted.commands.map((c) => c.command)).not.toContain('apiClients.create');
    button(theDialog(), 'Cancel').click();
    await expect(created).rejects.toMatchObject({ code: AGENT_CODES.cancelled });
    expect(scripted.commands.map((c) => c.command)).not.toContain('apiClients.create');
  });

  it('once the shell is gone, no guard is left on the agent', async () => {
    unmount();
    unmount = () => undefined;
    await stop('prod');
    expect(sent()).toEqual(['containers.stop c1']);
  });
});
