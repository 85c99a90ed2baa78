/**
 * The window's title names the focused zone: "eu-1 — Compute — Zonedeck". Electron's window and
 * the browser's tab both follow document.title (the host does not override page-title-updated).
 */
import { watchEffect } from 'vue';
import { useZonesStore } from '../state/zones';
import { useUiStore } from '../state/ui';

export function windowTitle(zone: { name: string } | null, area: string): string {
  return zone ? `${zone.name} — ${area} — Zonedeck` : 'Zonedeck';
}

export function useWindowTitle(): void {
  const zones = useZonesStore();
  const ui = useUiStore();
  watchEffect(() => {
    const z = zones.selected;
    const area = z?.session.state === 'signed_out' ? 'Sign in' : ui.area.title;
    document.title = windowTitle(z, area);
  });
}
