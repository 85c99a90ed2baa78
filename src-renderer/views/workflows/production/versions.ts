/** Version choices for deploy and canary: published versions are numbered 1..latest, newest first. */
import type { SelectOption } from 'naive-ui';

export function versionOptions(latest: number | undefined): SelectOption[] {
  if (latest === undefined || latest < 1) return [];
  const n = Math.min(Math.floor(latest), 500);
  return Array.from({ length: n }, (_, i) => ({ label: `v${n - i}`, value: n - i }));
}
