/**
 * Which config vars look secret, and their text with those values masked until revealed: a
 * comparison shows that two zones' API keys differ without putting either on screen.
 */
const SECRET =
  /secret|token|passw|pwd|private|credential|api[_-]?key|access[_-]?key|auth|cookie|session|dsn|salt|signing/i;

export function looksSecret(key: string): boolean {
  return SECRET.test(key);
}

export const MASK = '••••••••';

/** KEY=value lines, sorted by key; a secret-looking value shows as the mask unless `reveal`. */
export function varsText(vars: Record<string, string>, reveal: boolean): string {
  return Object.keys(vars)
    .sort()
    .map((k) => `${k}=${reveal || !looksSecret(k) ? vars[k] : MASK}`)
    .join('\n');
}
