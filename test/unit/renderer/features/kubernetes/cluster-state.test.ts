/** A cluster's state by the one vocabulary, in any zone's words: up, and whether its kubeconfig may be asked for. */
import { describe, expect, it } from 'vitest';
import { clusterState, clusterUp, kubeconfigReady } from '../../../../../src-renderer/features/kubernetes/clusters';
import { clusterChanging } from '../../../../../src-renderer/features/infra-lists/infra';

describe('a cluster’s state in any zone’s words', () => {
  it('is up in any case and any word the vocabulary knows for up', () => {
    for (const w of ['running', 'Running', 'RUNNING', 'active', 'ready']) expect(clusterUp(w)).toBe(true);
    for (const w of ['provisioning', 'stopped', 'failed', 'gibberish', undefined]) expect(clusterUp(w)).toBe(false);
  });

  it('offers the kubeconfig unless the state rules it out', () => {
    for (const w of ['Running', 'ACTIVE', 'upgrading', 'Upgrading', 'something-new', undefined])
      expect(kubeconfigReady(w)).toBe(true);
    for (const w of ['provisioning', 'Deleting', 'FAILED']) expect(kubeconfigReady(w)).toBe(false);
  });

  it('keeps a list moving while a cluster is under way, in any case', () => {
    for (const w of ['provisioning', 'Provisioning', 'UPGRADING', 'deleting', 'Creating'])
      expect(clusterChanging(w)).toBe(true);
    for (const w of ['Running', 'ACTIVE', 'failed', 'something-new', undefined]) expect(clusterChanging(w)).toBe(false);
  });

  it('reads a cluster’s state through the zone’s dictionary, in a zone whose words no list holds', () => {
    const raw = { b86y: '58dddf4d-c854-47f6-898a-489f2faad9f0', rqw: 'demo', cpz: 'PROVISIONING', v: '1.30.4' };
    expect(clusterState('eu-1', raw)).toBe('PROVISIONING');
    expect(clusterUp(clusterState('eu-1', { ...raw, cpz: 'ACTIVE' }))).toBe(true);
  });
});
