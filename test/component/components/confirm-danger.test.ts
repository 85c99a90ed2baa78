/**
 * The one destructive confirmation (confirm-danger) in Naive UI's real dialog: a delete asks for
 * the resource's name; a protected zone asks for the zone's name instead (one field, never two)
 * and its confirmation gives the action a pass through the guard; Cancel and Esc say no.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { button, mountInDialogs, settle, theDialog, type } from '../support/dialogs';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { useConfirmDanger } = await import('../../../src-renderer/components/confirm-danger');
const { zonePasses } = await import('../../../src-renderer/data/protected-zones');
type Confirm = ReturnType<typeof useConfirmDanger>['confirm'];

let pinia: Pinia;
let confirm: Confirm;
let unmount: () => void;

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  scripted.command = (command) =>
    command === 'zones.list'
      ? [zone('prod', undefined, { name: 'production', protected: true }), zone('eu-1', undefined, { name: 'eu-1' })]
      : [];
  await useZonesStore().load();
  const w = mountInDialogs(pinia, () => {
    confirm = useConfirmDanger().confirm;
  });
  unmount = () => w.unmount();
});
afterEach(async () => {
  unmount();
  zonePasses.revokeAll();
  document.body.innerHTML = '';
  await settle();
});

const del = { zone: 'eu-1', kind: 'container', name: 'web-7', action: 'Delete', typeToConfirm: true };

describe('confirm-danger', () => {
  it('a delete asks for the resource’s name; the button stays off until it matches exactly', async () => {
    const answer = confirm(del);
    await flushPromises();
    const d = theDialog();
    expect(d.textContent).toContain('Delete container “web-7” in');
    expect(d.querySelector('[data-zone-chip="eu-1"]')).not.toBeNull();
    expect(d.textContent).toContain('Type web-7 to delete it.');
    const ok = button(d, 'Delete web-7');
    expect(ok.disabled).toBe(true);
    await type(d, 'web-7 ');
    expect(ok.disabled).toBe(true);
    await type(d, 'web-7');
    expect(ok.disabled).toBe(false);
    ok.click();
    await expect(answer).resolves.toBe(true);
    expect(zonePasses.use('eu-1')).toBe(false);
  });

  it('a stop without typing confirms with its button; Cancel says no', async () => {
    const yes = confirm({ zone: 'eu-1', kind: 'container', name: 'web-7', action: 'Stop' });
    await flushPromises();
    expect(theDialog().querySelector('input')).toBeNull();
    button(theDialog(), 'Stop web-7').click();
    await expect(yes).resolves.toBe(true);
    document.body.innerHTML = '';

    const no = confirm({ zone: 'eu-1', kind: 'container', name: 'web-7', action: 'Stop' });
    await flushPromises();
    button(theDialog(), 'Cancel').click();
    await expect(no).resolves.toBe(false);
  });

  it('an answered dialog is out of reach at once, while it still plays its leave', async () => {
    const no = confirm(del);
    await flushPromises();
    const d = theDialog();
    expect(d.hasAttribute('inert')).toBe(false);
    button(d, 'Cancel').click();
    await expect(no).resolves.toBe(false);
    // Still there, leaving; but no click, focus or assistive tech reaches it any more.
    expect(d.isConnected).toBe(true);
    expect(d.hasAttribute('inert')).toBe(true);
    expect(d.getAttribute('aria-hidden')).toBe('true');
    // The next question is a dialog of its own, in reach.
    const yes = confirm(del);
    await flushPromises();
    const next = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter((x) => x !== d);
    expect(next).toHaveLength(1);
    expect(next[0]!.hasAttribute('inert')).toBe(false);
    await type(next[0]!, 'web-7');
    button(next[0]!, 'Delete web-7').click();
    await expect(yes).resolves.toBe(true);
  });

  it('Esc says no', async () => {
    const no = confirm(del);
    await flushPromises();
    await type(theDialog(), 'web-7');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    await flushPromises();
    await expect(no).resolves.toBe(false);
  });

  it('in a protected zone asks for the zone’s name instead of the resource’s, and then lets the action through', async () => {
    const answer = confirm({ ...del, zone: 'production' });
    await flushPromises();
    const d = theDialog();
    expect(d.querySelectorAll('input')).toHaveLength(1);
    expect(d.textContent).toContain('production is a protected zone. Type its name, production, to delete.');
    await type(d, 'web-7');
    expect(button(d, 'Delete web-7').disabled).toBe(true);
    await type(d, 'production');
    button(d, 'Delete web-7').click();
    await expect(answer).resolves.toBe(true);
    // The calls the confirmed delete makes pass the guard without asking again.
    expect(zonePasses.use('prod')).toBe(true);
  });

  it('a refused confirmation in a protected zone gives no pass', async () => {
    const answer = confirm({ ...del, zone: 'production', zoneId: 'prod' });
    await flushPromises();
    button(theDialog(), 'Cancel').click();
    await expect(answer).resolves.toBe(false);
    expect(zonePasses.use('prod')).toBe(false);
  });
});
