/**
 * One zone, eu-1 (signed in, shown), whose lists and reads a screen test scripts through the
 * scripted agent, so a screen can be mounted in its empty, error and filled states: `list.poll`
 * answers from `lists` (by operation id), every other read (`api.call`) from `reads`; an Error
 * in either is the zone's refusal. The test file mocks src-renderer/agent with the scripted agent
 * and imports this after the mock.
 */
import { flushPromises } from '@vue/test-utils';
import type { Component } from 'vue';
import type { ZoneView } from '@contract/commands';
import { AgentError } from '@contract/errors';
import { scripted, type ScriptedCall } from '../../support/scripted-agent';
import { resources } from '../../../src-renderer/data';
import { useZonesStore } from '../../../src-renderer/state/zones';
import { freshPinia, mountApp } from './mount-app';
import { zone } from './zones';

export const EU1: ZoneView = zone('eu-1', undefined, { name: 'Frankfurt' });

export interface ZoneScript {
  /** Rows `list.poll` gives, by operation id (none: an empty list; a promise: when it settles). */
  lists?: Record<string, unknown[] | Error | Promise<unknown>>;
  /** What a read answers, by operation id (none: `fallback`). */
  reads?: Record<string, unknown>;
  /** Agent commands other than zones.list and list.poll, by name (none: an empty list). */
  commands?: Record<string, unknown>;
  /** A read nobody scripted (default: an empty list). */
  fallback?: unknown;
}

/** The zone's refusal, as the agent reports a failed read. */
export const refused = (message = 'The zone is not answering.', status = 503) =>
  new AgentError({ status, code: 'upstream_error', message });

const give = (v: unknown) => {
  if (v instanceof Error) throw v;
  return v;
};

export function scriptZone(s: ZoneScript = {}): void {
  scripted.calls.length = 0;
  scripted.commands.length = 0;
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [EU1];
    if (command === 'list.poll') {
      const op = (input as { operationId: string }).operationId;
      const rows = give(s.lists?.[op] ?? []);
      return rows instanceof Promise
        ? rows.then((items) => ({ version: 'v1', items }))
        : { version: 'v1', items: rows };
    }
    return give(s.commands?.[command] ?? []);
  };
  scripted.answer = (c: ScriptedCall) => give(c.op in (s.reads ?? {}) ? s.reads![c.op] : (s.fallback ?? []));
}

/**
 * Mounts `screen` for eu-1 as a pane shows it (the zone as a prop; none for an all-zones screen,
 * `across`), once its first reads settled.
 */
export async function mountScreen(screen: Component, props: Record<string, unknown> = {}, across = false) {
  resources.dropZone(EU1.id);
  const pinia = freshPinia();
  const zones = useZonesStore();
  await zones.load();
  zones.select(EU1.id);
  const w = mountApp(pinia, screen, across ? props : { zone: EU1, ...props });
  for (let i = 0; i < 6; i++) await flushPromises();
  return w;
}
