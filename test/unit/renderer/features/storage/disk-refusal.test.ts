/**
 * The VM a "disk attached to a running VM" refusal names, read through the storage shapes in any
 * zone's words: the sandbox's standard snake_case details, camelCase, PascalCase and nested ones.
 */
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../../../src-main/contract/errors';
import { refusedByVm } from '../../../../../src-renderer/features/storage/shapes/disk-refusal';
import { runningVmOf } from '../../../../../src-renderer/features/storage/disk-actions';

const refusal = (details: Record<string, unknown>, code = 'conflict') =>
  new AgentError({ status: 409, code, message: 'attached', details });

describe('the VM a migration refusal names', () => {
  it.each([
    ['standard', { error: 'disk_attached_to_running_vm', instance_id: 'vm1', instance_kind: 'container' }],
    ['camelCase', { instanceId: 'vm1', instanceKind: 'container' }],
    ['PascalCase', { InstanceId: 'vm1', InstanceKind: 'container' }],
    ['nested', { metadata: { instance_id: 'vm1' }, spec: { instanceKind: 'container' } }],
  ])('reads the %s id and kind', (_style, details) => {
    expect(refusedByVm(details)).toEqual({ id: 'vm1', kind: 'container' });
    expect(runningVmOf(refusal(details))).toEqual({ id: 'vm1', kind: 'container' });
  });

  it('takes a microVM when the kind is not said, and nothing from another refusal', () => {
    expect(runningVmOf(refusal({ vmId: 'vm2' }))).toEqual({ id: 'vm2', kind: 'microvm' });
    expect(refusedByVm(undefined)).toEqual({ id: undefined, kind: undefined });
    expect(runningVmOf(refusal({ holder: 'x' }))).toBeNull();
    expect(runningVmOf(refusal({}, 'disk_attached_to_running_vm'))).toEqual({ id: '', kind: 'microvm' });
  });
});
