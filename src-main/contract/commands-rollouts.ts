/**
 * Rollouts across zones (#38): one published workflow version carried from a source zone to
 * others, stage by stage, each zone's canary and eval gate deciding. The engine lives in the agent
 * (it outlives the window and serves the CLI); these are the shapes the agent, the renderer and
 * the CLI share. Everything a zone said is kept in its own words (`reason`).
 */

/** How long a target is watched before promotion: successful runs of the version, or minutes. */
export interface SoakRule {
  runs?: number;
  minutes?: number;
}

export interface StagePlan {
  /** Zone ids; a stage's zones go together. */
  zones: string[];
  /** Percent of new runs for a canary; null deploys the version straight as primary. */
  canaryWeight: number | null;
  /** Run the eval suite against the new version and require it to pass. */
  suiteMustPass: boolean;
  soak?: SoakRule;
  /** A person approves (rollout.approve) before promotion. */
  approval: boolean;
}

export interface RolloutPlanInput {
  source: { zone: string; workflowId: string; version: number };
  stages: StagePlan[];
  /**
   * How long a step waits for a zone before the rollout pauses: an eval suite's verdict, a soak's
   * runs beyond its minutes. Default DEFAULT_WAIT_MINUTES; a resume waits as long again.
   */
  waitMinutes?: number;
}

export const DEFAULT_WAIT_MINUTES = 30;

/** The steps of one target, in order. */
export const ROLLOUT_STEPS = ['publish', 'deploy', 'suite', 'soak', 'approval', 'promote', 'verify', 'done'] as const;
export type RolloutStep = (typeof ROLLOUT_STEPS)[number];

export type TargetStatus = 'waiting' | 'running' | 'paused' | 'awaiting_approval' | 'done' | 'aborted' | 'rolled_back';

export interface TargetProgress {
  zone: string;
  zoneName: string;
  stage: number;
  step: RolloutStep;
  status: TargetStatus;
  /** Why it paused: the zone's own words, or the agent's. */
  reason?: string;
  /** The workflow's id in this zone, once known (created or found by name). */
  workflowId?: string;
  /** The version number the zone gave the published spec. */
  version?: number;
  /** The version that ran as primary before (for a roll back). */
  previousPrimary?: number | null;
  /** ISO time the soak began, and the successful runs counted since. */
  soakSince?: string;
  soakRuns?: number;
  approved?: boolean;
  /** ISO time the step under way began to wait for the zone (its deadline counts from it). */
  waitSince?: string;
  /**
   * The eval suite run this target asked for: the ids and number of this version's suites the
   * zone listed before, so the new one is told apart; `again` once a resume may ask anew.
   */
  suiteAsked?: { before: string[]; count: number; again?: boolean };
  updatedAt: string;
}

export type RolloutStatus = 'running' | 'paused' | 'awaiting_approval' | 'finished' | 'aborted';

export interface Rollout {
  id: string;
  createdAt: string;
  updatedAt: string;
  workflowName: string;
  /** The source version's spec, as the source zone froze it: what every target must publish. */
  spec: unknown;
  plan: RolloutPlanInput;
  status: RolloutStatus;
  reason?: string;
  /** The stage under way (stages.length when finished). */
  stage: number;
  targets: TargetProgress[];
}

/** Told once when a rollout pauses, waits for a person, or finishes: a notification even with no window. */
export interface RolloutNotice {
  id: string;
  kind: 'paused' | 'approval' | 'finished';
  title: string;
  body: string;
}

export interface TargetPreview {
  zone: string;
  zoneName: string;
  stage: number;
  exists: boolean;
  workflowId?: string;
  /** The version running as primary, and the canary's, when the zone shows them. */
  runningVersion?: number;
  canaryVersion?: number;
  /** The target's draft against the source version: new (no workflow), same, or changed lines. */
  spec: 'new' | 'same' | 'differs';
  /** Lines of a unified-ish diff (`- `/`+ `), bounded. */
  diff?: string[];
  protected: boolean;
  /** The zone could not be read: why. */
  problem?: string;
}

export interface RolloutPreview {
  workflowName: string;
  version: number;
  targets: TargetPreview[];
  /** Names of the protected target zones: rollout.start wants them typed once, in `confirmProtected`. */
  protectedZones: string[];
}

export interface RolloutsCommands {
  /** Reads the source and every target: what the plan would do there. Writes nothing. */
  'rollout.plan': { input: RolloutPlanInput; output: RolloutPreview };
  /** Starts the plan; refused (confirm_protected) unless every protected target's name is in `confirmProtected`. */
  'rollout.start': { input: RolloutPlanInput & { confirmProtected?: string[] }; output: Rollout };
  'rollout.status': { input: { id: string }; output: Rollout };
  'rollout.list': { input: Record<string, never>; output: Rollout[] };
  /** Continues a paused rollout from the step not confirmed, re-reading each zone first. */
  'rollout.resume': { input: { id: string }; output: Rollout };
  'rollout.abort': { input: { id: string }; output: Rollout };
  /** Undoes one zone: stops the canary, or deploys the version that ran before. */
  'rollout.rollback': { input: { id: string; zone: string }; output: Rollout };
  /** Approves the targets waiting for a person (one zone, or all of them). */
  'rollout.approve': { input: { id: string; zone?: string }; output: Rollout };
}
