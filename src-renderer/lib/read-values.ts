/**
 * A composable's state handed out read-only and unwrapped: an object whose properties read the
 * current `.value` of the given holders (Vue refs and computeds), each property a getter. The
 * paged histories and the all-zones lists each wrote these getters out by hand.
 */
export function readValues<T extends Record<string, { readonly value: unknown }>>(
  holders: T,
): { readonly [K in keyof T]: T[K]['value'] } {
  const out = {} as { [K in keyof T]: T[K]['value'] };
  for (const key of Object.keys(holders) as (keyof T)[])
    Object.defineProperty(out, key, { get: () => holders[key]!.value, enumerable: true });
  return out;
}
