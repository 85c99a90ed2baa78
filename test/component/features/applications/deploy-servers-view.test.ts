/**
 * Applications › Deploy servers mounted as the app shows it: the servers the zone's workspaces
 * name offered as choices, none when it names none (Restart waits for a server and a name), and a
 * restart the zone refuses said in words beside the form.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scriptedAgentModule } from '../../../support/scripted-agent';
import { button, settle, theDialog } from '../../support/dialogs';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, scriptZone } = await import('../../support/screen-zone');
const DeployServersView = (await import('../../../../src-renderer/features/applications/DeployServersView.vue'))
  .default;

enableAutoUnmount(afterEach);
beforeEach(() => localStorage.clear());
afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

type W = Awaited<ReturnType<typeof mountScreen>>;
const form = (w: W) => w.find('form[aria-label="Restart on a deploy server"]');
const restartButton = (w: W) => form(w).find('button[type="submit"]');

describe('the Deploy servers screen', () => {
  it('filled: the servers the workspaces name, one press away', async () => {
    scriptZone({
      reads: { 'workspaces.list': [{ id: 'w1', deploy_server_id: 'ds-main', cicd_enabled: false }] },
    });
    const w = await mountScreen(DeployServersView);
    expect(w.find('h2, h1').text()).toContain('Deploy servers');
    const chip = form(w).find('button[aria-pressed]');
    expect(chip.text()).toBe('ds-main');
    await chip.trigger('click');
    expect((form(w).find('input[aria-label="Deploy server id"]').element as HTMLInputElement).value).toBe('ds-main');
    expect(chip.attributes('aria-pressed')).toBe('true');
  });

  it('empty: no server to offer, and Restart waits for a server and a name', async () => {
    scriptZone({ reads: { 'workspaces.list': [] } });
    const w = await mountScreen(DeployServersView);
    expect(form(w).find('button[aria-pressed]').exists()).toBe(false);
    expect(restartButton(w).attributes('disabled')).toBeDefined();
    expect(w.find('[aria-label="Restart results"]').exists()).toBe(false);
  });

  it('refused: a restart the zone refuses is said beside the form, with what to do', async () => {
    scriptZone({
      reads: {
        'workspaces.list': [],
        'deployServers.applications.restart': new AgentError({ status: 403, code: 'forbidden', message: 'No.' }),
      },
    });
    const w = await mountScreen(DeployServersView);
    await form(w).find('input[aria-label="Deploy server id"]').setValue('ds-main');
    await form(w).find('input[aria-label="Application name"]').setValue('storefront');
    await form(w).trigger('submit');
    await flushPromises();
    button(theDialog(), 'Restart').click();
    await settle();
    const result = w.find('[aria-label="Restart results"] [role="status"]');
    expect(result.text()).toContain('Could not restart application storefront on ds-main');
    expect(result.text()).toContain('lacks the deploy_servers:manage permission');
  });
});
