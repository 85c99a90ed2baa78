/**
 * The quick-grab window (the global shortcut's small window) is the app's own page with
 * `#quick-grab`. Read once at start; it is not a deep link, so nothing takes it out of the address.
 */
import { QUICK_GRAB_MARKER } from '@contract/desktop';

export function isQuickGrabWindow(): boolean {
  return location.hash === QUICK_GRAB_MARKER;
}

/** How long the window stays after a file was written, so the person can read where it went. */
export const QUICK_GRAB_LINGER_MS = 2500;
