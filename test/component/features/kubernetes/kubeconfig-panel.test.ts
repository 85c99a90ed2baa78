/**
 * The kubeconfig panel's Save as… in browser mode (no native dialog): the path field opens with the
 * agent's suggested path, and what the person typed survives the panel being drawn again (its
 * details pane re-rendered as the list is read again), until Cancel closes it.
 */
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const KubeconfigPanel = (await import('../../../../src-renderer/features/kubernetes/KubeconfigPanel.vue')).default;
const { freshPinia, mountApp } = await import('../../support/mount-app');

const INFO = {
  kubeconfigDir: '/home/me/.kube/zonedeck',
  mergeTarget: '/home/me/.kube/config',
  mergeTargetFromEnv: false,
  downloadsDir: '/home/me/Downloads',
  nativeDialogs: false,
};

beforeEach(() => {
  scripted.command = (command) => (command === 'infra.files' ? INFO : []);
});
afterEach(() => {
  document.body.innerHTML = '';
});

const props = { zone: 'eu-1', clusterId: 'k1', clusterName: 'prod', ready: true };
const pathField = () => document.body.querySelector<HTMLInputElement>('input[aria-label="Save kubeconfig to path"]');
const button = (text: string) =>
  [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;

describe('kubeconfig panel, Save as… in browser mode', () => {
  it('opens the path field with the suggested path, and keeps what was typed when drawn again', async () => {
    const pinia = freshPinia();
    const first = mountApp(pinia, KubeconfigPanel, props);
    await flushPromises();
    expect(pathField()).toBeNull();
    button('Save as…').click();
    await flushPromises();
    expect(pathField()?.value).toBe('/home/me/.kube/eu-1-prod.yaml');
    pathField()!.value = '/tmp/copies/prod.yaml';
    pathField()!.dispatchEvent(new Event('input'));
    await flushPromises();

    first.unmount();
    mountApp(pinia, KubeconfigPanel, props);
    await flushPromises();
    expect(pathField()?.value).toBe('/tmp/copies/prod.yaml');

    button('Cancel').click();
    await flushPromises();
    expect(pathField()).toBeNull();
  });
});
