/**
 * Types of the route table's operations: the path parameters each path template names, and the
 * reply of each operation whose record the spec fixes. Every other reply is `unknown`: the spec
 * leaves it "not shown", so callers read it with the tolerant readers (tolerant.ts).
 */
import type { MfaChallenge } from './commands';
import type {
  CicdStatus,
  LimitsRecord,
  RestoreResult,
  TokenBody,
  TotpConfirmation,
  TotpSetup,
  WorkspaceRecord,
} from './records';
import type { OperationId, TableRoute } from './routes';
import type { BodyEncoding, CallWords } from './zone-words';

export type { OperationId, ReadOperationId } from './routes';

/** The `{name}` parameters of a path template, as a union of names. */
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** The names of an operation's path parameters (never when its path has none). */
export type PathParamName<Op extends OperationId> = ParamNames<Extract<TableRoute, { id: Op }>['path']>;

/** Exactly the path parameters of the operation's template, each a string; `{}` when there are none. */
export type PathParams<Op extends OperationId> = Op extends OperationId ? { [K in PathParamName<Op>]: string } : never;

/** Keys must be operation ids: a misspelt key in the map below fails to compile. */
type ReplyMap<T extends { [K in keyof T]: K extends OperationId ? unknown : never }> = T;

/** The replies the spec fixes, by operation. */
type FixedReplies = ReplyMap<{
  'auth.login': TokenBody | MfaChallenge;
  'auth.mfa.verify': TokenBody;
  'auth.totp.setup': TotpSetup;
  'auth.totp.confirm': TotpConfirmation;
  'disks.snapshots.restore': RestoreResult;
  'limits.get': LimitsRecord;
  'workspaces.get': WorkspaceRecord;
  'workspaces.cicd.get': CicdStatus;
  'workspaces.cicd.deploy': CicdStatus;
}>;

/** The reply's data: the spec's record where it fixes one, else `unknown` (read it tolerantly). */
export type Reply<Op extends OperationId> = Op extends keyof FixedReplies ? FixedReplies[Op] : unknown;

/**
 * What a call sends besides the operation: `params` is required exactly when the path has
 * parameters. For a union of operations (`${kind}.get`) the params may be any member's.
 */
export type CallOptions<Op extends OperationId> = ([PathParamName<Op>] extends [never]
  ? { params?: Record<string, never> }
  : { params: PathParams<Op> }) & {
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Fields whose names the zone decides (contract/zone-words.ts). */
  words?: CallWords;
  encoding?: BodyEncoding;
  /** The renderer's side only (never sent): aborting it cancels the call in the agent too. */
  signal?: AbortSignal;
};

/** The arguments after the operation id: the options may be left out only when the path has no parameters. */
export type CallArgs<Op extends OperationId> = [PathParamName<Op>] extends [never]
  ? [opts?: CallOptions<Op>]
  : [opts: CallOptions<Op>];
