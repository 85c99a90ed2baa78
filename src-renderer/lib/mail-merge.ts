import type { SandboxMail } from '@contract/commands';

/** Newest first, one entry per id: live events and the initial list may overlap. */
export function mergeMail(existing: readonly SandboxMail[], incoming: readonly SandboxMail[]): SandboxMail[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at));
}
