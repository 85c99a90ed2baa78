/**
 * What the palette and the zone menu do with panes: split, close, move focus, and "open in split"
 * (the zone, screen or item in a new pane beside the focused one). Keyboard focus follows.
 */
import type { PaletteAction } from './palette-entries';
import { usePanesStore } from '../state/panes';
import { useUiStore } from '../state/ui';
import { focusPaneElement } from './use-pane-keys';

type PaneRun = Extract<PaletteAction, { kind: 'pane' }>['run'];
type SplitAction = Extract<PaletteAction, { kind: 'go' | 'open' | 'zone' }>;

export function runPaneCommand(run: PaneRun): void {
  const panes = usePanesStore();
  if (run === 'close') panes.close(panes.focusedId);
  else if (run === 'next') panes.focusNext(1);
  else panes.open(run === 'split-down' ? 'column' : 'row');
  void focusPaneElement(panes.focusedId);
}

/** Opens the action's zone (and screen, and item) in a new pane; false when no pane can be added. */
export function openInSplit(a: SplitAction): boolean {
  const panes = usePanesStore();
  const ui = useUiStore();
  const focused = panes.list.find((p) => p.id === panes.focusedId);
  const place =
    a.kind === 'zone'
      ? { zoneId: a.zone, area: ui.place.area, section: ui.place.section }
      : { zoneId: a.zone, area: a.area, section: a.section };
  if (!focused) return false;
  const id = panes.open('row', place);
  if (!id) return false;
  // The new pane has focus, so its screen takes the request.
  if (a.kind === 'open') ui.opening = { zone: a.zone, area: a.area, section: a.section, id: a.id };
  void focusPaneElement(id);
  return true;
}
