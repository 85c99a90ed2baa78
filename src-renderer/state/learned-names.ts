/**
 * The names a zone taught the agent, by role (from a refusal or from a save it kept elsewhere), so
 * a record's reader finds a field under them too. Read from the zones store's state when the app
 * has it; never creates the store (a reader in a worker or a test must not start it).
 */
import { getActivePinia } from 'pinia';
import type { ZoneView } from '@contract/commands';

export function learnedNames(zone: string): Readonly<Record<string, string>> {
  const state = getActivePinia()?.state.value.zones as { list?: ZoneView[] } | undefined;
  const words = state?.list?.find((z) => z.id === zone)?.learnedWords ?? [];
  return Object.fromEntries(words.filter((w) => w.place === 'body' && !w.encoding).map((w) => [w.role, w.name]));
}
