/**
 * One watcher per record of a list (each deployed workflow's runs, each workspace's deployments),
 * each in its own effect scope: made when the record appears, stopped when it goes or the page
 * closes. The watchers are the areas' own resources, so a record whose tab is open is read once.
 */
import { effectScope, onScopeDispose, shallowReactive, watch, type EffectScope } from 'vue';

export function usePerRecord<T>(ids: () => string[], make: (id: string) => T): ReadonlyMap<string, T> {
  const made = shallowReactive(new Map<string, { scope: EffectScope; value: T }>());
  const values = shallowReactive(new Map<string, T>());
  watch(
    () => ids().join('\n'),
    () => {
      const wanted = new Set(ids());
      for (const [id, m] of made)
        if (!wanted.has(id)) {
          m.scope.stop();
          made.delete(id);
          values.delete(id);
        }
      for (const id of wanted) {
        if (made.has(id)) continue;
        const scope = effectScope(true);
        const value = scope.run(() => make(id))!;
        made.set(id, { scope, value });
        values.set(id, value);
      }
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    for (const m of made.values()) m.scope.stop();
    made.clear();
    values.clear();
  });
  return values;
}
