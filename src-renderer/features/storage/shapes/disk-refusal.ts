/**
 * The VM a "disk attached to a running VM" refusal names. The spec says a migration is refused
 * while the disk is attached to a running VM but not how the refusal names it ("not shown"): its
 * id and kind are read under their usual names, in any letter case, at the top of the refusal's
 * details or inside a nested record a style keeps its fields in (shapes/words.ts).
 */
import { textOf } from '@contract/tolerant';
import { field, valueIn } from '../../../shapes/words';

const INSTANCE_ID = field('refusal.instance', 'instance_id', 'vm_id');
const INSTANCE_KIND = field('refusal.instanceKind', 'instance_kind', 'vm_kind');

/** The id and kind word (`container`, `microvm`, as the zone says them) the refusal's details name. */
export function refusedByVm(details: unknown): { id: string | undefined; kind: string | undefined } {
  return { id: textOf(valueIn(details, INSTANCE_ID)), kind: textOf(valueIn(details, INSTANCE_KIND)) };
}
