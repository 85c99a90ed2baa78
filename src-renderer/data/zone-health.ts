/**
 * Each zone's health as the agent last reported it, held reactively for every screen, and its
 * effect on reading: while a zone is unreachable nothing polls it (the agent probes it with
 * backoff instead, so no storm of failing requests); when it answers again, every watched
 * resource of it is read at once and the stale banners go.
 */
import { computed, shallowReactive } from 'vue';
import type { ZoneHealth } from '@contract/commands';
import { downReason, isDown } from '../lib/zone-health-words';
import { injectPaneZone } from './pane-zone';
import { resources } from './resources';
import { injectZoneNaming, type ZoneNaming } from './zone-naming';

const health = shallowReactive(new Map<string, ZoneHealth>());

/** Called once by the app's plugin (shell/app-plugin.ts): a zone that is not answering is not polled. */
export function installZoneHealth(): void {
  resources.setZoneDown((zone) => isDown(health.get(zone)));
}

/** Health the agent reported (the whole list, or the `zones.health` event's changed ones). */
export function noteHealth(changed: readonly ZoneHealth[]): void {
  for (const h of changed) {
    const was = isDown(health.get(h.zone));
    health.set(h.zone, h);
    if (was && !isDown(h)) resources.zoneBack(h.zone);
  }
}

export function forgetHealth(zone: string): void {
  health.delete(zone);
}

export function healthOf(zone: string | null | undefined): ZoneHealth | null {
  return zone ? (health.get(zone) ?? null) : null;
}

/**
 * The zone's health, its display name, and why changes are refused while it is down ('' when not).
 * Without a zone given: the pane's around the caller (in a setup), else the focused one. Zones are
 * named as the app provides (or as `naming` says, outside a component).
 */
export function useZoneHealth(
  zone: () => string | null | undefined = () => null,
  naming: ZoneNaming = injectZoneNaming(),
) {
  const pane = injectPaneZone();
  const id = computed(() => zone() ?? (pane ? pane() : naming.focused()));
  const current = computed(() => healthOf(id.value));
  const down = computed(() => isDown(current.value));
  const name = computed(() => (id.value ? naming.name(id.value) : ''));
  const reason = computed(() => (down.value ? downReason(name.value) : ''));
  return { id, health: current, down, name, reason };
}

/** Why an action on `zone` (default: its pane's, else the focused one) is refused now, or '' when it may run. */
export function refusalFor(naming: ZoneNaming, zone?: string | null, pane?: (() => string | null) | null): string {
  const z = zone ?? (pane ? pane() : naming.focused());
  return z && isDown(health.get(z)) ? downReason(naming.name(z)) : '';
}
