/**
 * The one shape every screen reads for data it shows: the value, where its loading stands, the
 * last error in words, and whether what is shown may be out of date. Replaces the six ways the
 * renderer used to hold async state.
 */
import type { AgentErrorData } from '@contract/errors';

export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ResourceState<T> {
  /** The last value read; kept while a reload runs or fails, so nothing on screen jumps. */
  data: T | undefined;
  /** 'loading' only before the first value; 'error' only when there is no value to show. */
  status: ResourceStatus;
  /** The last failure (also when an older value is still shown), null after a success. */
  error: AgentErrorData | null;
  /** A reload that someone asked for is running over data already shown. */
  refreshing: boolean;
  /** When the shown value was read (ms since the epoch), null before the first value. */
  updatedAt: number | null;
  /** The value may be out of date: invalidated and not yet read again, or the last read failed. */
  stale: boolean;
}

export function blankState<T>(): ResourceState<T> {
  return { data: undefined, status: 'idle', error: null, refreshing: false, updatedAt: null, stale: false };
}
