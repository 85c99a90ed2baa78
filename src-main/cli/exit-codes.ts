/**
 * Exit codes, documented in `zonedeck --help` and the README, so scripts can tell a typo from a
 * zone that is down from a run that failed.
 */
export const EXIT = {
  ok: 0,
  /** The zone or the agent refused, or something else went wrong (the message says what). */
  failed: 1,
  /** Bad flags or arguments; also several matches where one was needed. */
  usage: 2,
  /** No zone, cluster, gateway, workflow, container or operation of that name (closest names given). */
  notFound: 3,
  /** The zone is signed out: `zonedeck login <zone>`. */
  signedOut: 4,
  /** The zone is not answering (its last error is given). */
  unreachable: 5,
  /** `run --follow`: the run failed. */
  runFailed: 6,
  /** `run --follow`: the run was cancelled or its approval rejected. */
  runCancelled: 7,
  /** `rollout`: the rollout is paused (its reason given) or aborted. */
  rolloutStopped: 8,
  /** `rollout`: the rollout waits for a person's approval. */
  rolloutWaiting: 9,
  /** Ctrl-C. */
  interrupted: 130,
} as const;

export const EXIT_HELP = `Exit codes:
  0    done
  1    the zone or the agent refused, or another failure (the message says which)
  2    bad flags or arguments, or several matches where one was needed
  3    no such zone, cluster, gateway, workflow, container or operation (closest names shown)
  4    the zone is signed out (zonedeck login <zone>)
  5    the zone is not answering
  6    run --follow: the run failed
  7    run --follow: the run was cancelled
  8    rollout: paused (the reason is shown) or aborted
  9    rollout: waiting for approval (zonedeck rollout approve <id>)
  130  interrupted (Ctrl-C)`;
