import type { JournalPage, JournalQuery } from './journal';
import type { DeepLink } from './deep-link';
import type { ComputeCommands } from './commands-compute';
import type { IdentityCommands } from './commands-identity';
import type { InfraCommands } from './commands-infra';
import type { SkillsCommands } from './commands-skills';
import type { SettingsCommands } from './settings';
import type { OperationId, ReadOperationId } from './routes';
import type { Raw } from './tolerant';
import type { BodyEncoding, CallWords, LearnedWord, SentWords, WordPlace } from './zone-words';
import type { ZoneDictionary } from './dictionary/dictionary-types';
import type { DictionaryCommands } from './commands-dictionary';
import type { RolloutsCommands } from './commands-rollouts';

/**
 * The agent's command table as types: command name -> input and output. Both hosts and the
 * renderer are checked against this map at compile time; the agent validates inputs at run time.
 */
export interface KeychainStatus {
  state: 'checking' | 'ok' | 'unavailable';
  /** Why the keychain is unavailable, in words. */
  reason?: string;
  /** What the person can do about it. */
  hint?: string;
  /** Set when sign-ins are stored in this file instead (the person chose it; not encrypted). */
  file?: string;
}

export type SessionState = 'signed_out' | 'signed_in' | 'refreshing';

export interface SessionView {
  state: SessionState;
  kind?: 'user' | 'machine';
  email?: string;
  /** machine: the API client's id (never its secret). */
  clientId?: string;
  /** Why the zone was signed out, when it was not the user's doing. */
  reason?: string;
  /** When the access token held now ends (ms since the epoch), when the zone said; renewed before then while it can be. */
  until?: number;
}

export interface ZoneView {
  id: string;
  name: string;
  baseUrl: string;
  color: string;
  caFile?: string;
  /** Started by this app's local sandbox. */
  sandbox: boolean;
  /** Every change in this zone asks for its name to be typed first. */
  protected: boolean;
  /** The group the zone is gathered in (production, staging); absent when none. */
  group?: string;
  session: SessionView;
  /** Field and parameter names this zone's refusals taught the agent; forgotten when the zone is re-pointed. */
  learnedWords?: LearnedWord[];
  /** How Zonedeck reads this zone's records, per kind: inferred, learned or chosen (contract/dictionary/). */
  dictionary?: ZoneDictionary;
}

/** How a zone has been answering the agent's calls (zones.health; the `zones.health` event carries the changed ones). */
export interface ZoneHealth {
  zone: string;
  /** unknown: no call has finished yet. unreachable: network errors, timeouts or 502/503/504 in a row. */
  state: 'unknown' | 'reachable' | 'unreachable';
  /** Median time to the zone's answer over its recent calls, ms; null before the first answer. */
  latencyMs: number | null;
  /** The last failure in words and when (ms since the epoch), kept after the zone answers again; null when none yet. */
  lastError: string | null;
  lastErrorAt: number | null;
  /** When the zone last answered (ms since the epoch). */
  lastOkAt: number | null;
  /** Since when it has not answered (unreachable only). */
  downSince: number | null;
  /** When the agent checks again (unreachable only). */
  nextProbeAt: number | null;
}

export interface AppInfo {
  version: string;
  host: 'electron' | 'browser' | 'cli';
  platform: string;
  keychain: KeychainStatus;
  sandboxRunning: boolean;
  dataDir: string;
  /** NODE_TLS_REJECT_UNAUTHORIZED=0 is set: no certificate is checked (a permanent warning). */
  tlsChecksOff: boolean;
}

/** app.openLogFolder: the folder is always named, so a screen can offer to copy it when it could not be opened. */
export interface LogFolderResult {
  path: string;
  opened: boolean;
  /** Why it was not opened (no file manager, browser mode on a machine without one …). */
  reason?: string;
}

/**
 * A line the window writes to the agent's log (app.log): its uncaught errors and failures it
 * caught and reports. Redacted and cut like the agent's own lines; a window has a budget per minute.
 */
export interface RendererLogEntry {
  level: 'error' | 'warn' | 'info';
  /** What went wrong, in a sentence (at most 2,000 characters). */
  message: string;
  /** Where: 'vue' (app.config.errorHandler), 'unhandledrejection', 'window.onerror', or a store's name. */
  source: string;
  stack?: string;
  /** A few words of context (Vue's info, a component's name), at most 10 keys. */
  context?: Record<string, string>;
}

export interface MfaChallenge {
  status: 'mfa_required';
  challenge: string;
  method: 'totp' | 'email';
  email_hint: string;
  resend_after_seconds: number;
  mail_sent: boolean;
}
export type LoginResult = { status: 'signed_in' } | MfaChallenge;

export interface ApiCallInput {
  zone: string;
  /** Checked at run time against the route table (unknown_operation), not by the input schema. */
  operationId: OperationId;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** Fields whose names the zone decides (zone-words.ts): the agent may send a learned name instead. */
  words?: CallWords;
  /** `text`: the body is a string sent as raw text (a zone whose reads answered text takes text). */
  encoding?: BodyEncoding;
}
/** A list read again (list.poll); `since` is the version of the copy the caller holds. */
export interface ListPollInput extends Omit<ApiCallInput, 'body' | 'operationId'> {
  /** A read (GET); the agent refuses any other method at run time. */
  operationId: ReadOperationId;
  since?: string;
}
/**
 * Every record, or, when `since` matched, only the positions that changed: the list now has
 * `length` records, equal to the caller's copy except at the `changed` positions.
 */
export type ListPollResult =
  { version: string; items: Raw[] } | { version: string; since: string; length: number; changed: [number, Raw][] };

export interface ApiResult<T = unknown> {
  status: number;
  data: T;
  /** The names worded fields were finally sent under, by role (only when the call had `words`). */
  sent?: SentWords;
  /**
   * The next page named by the reply's Link header (rel="next"): the cursor (its before/cursor/page…
   * parameter), else the link itself. A cursor in the body is read with nextOf (tolerant.ts).
   */
  next?: string;
  /** The query parameter that carried `next` in the link, to send it back under that name. */
  nextParam?: string;
}

export interface SandboxMail {
  id: string;
  /** The sandbox zone that sent it. */
  zone?: string;
  to: string;
  subject: string;
  body: string;
  code?: string;
  sent_at: string;
}

export interface StreamOpenInput {
  zone: string;
  operationId: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  lastEventId?: string;
}

/** A shared zone list (zonedeck.zones, version 1): names, addresses, colours, CA paths, groups; never a secret. */
export type { ZoneImportEntry, ZoneImportPlan, ZonesFile } from './zones-file';
import type { ZoneImportPlan } from './zones-file';

/** Core commands; each area adds its own in commands-<area>.ts, merged below. */
export interface CoreCommands {
  'app.info': { input: Record<string, never>; output: AppInfo };
  'app.openLogFolder': { input: Record<string, never>; output: LogFolderResult };
  /** The window's line for zonedeck.log (renderer errors); bounded and redacted by the agent. */
  'app.log': { input: RendererLogEntry; output: null };
  /** The deep link waiting for the window, if any (taken once). */
  'app.takeLink': { input: Record<string, never>; output: DeepLink | null };
  'zones.list': { input: Record<string, never>; output: ZoneView[] };
  'zones.add': {
    input: { name: string; baseUrl: string; color?: string; caFile?: string; group?: string; protected?: boolean };
    output: ZoneView;
  };
  'zones.update': {
    input: {
      id: string;
      name?: string;
      color?: string;
      baseUrl?: string;
      caFile?: string | null;
      protected?: boolean;
      /** null takes the zone out of its group. */
      group?: string | null;
    };
    output: ZoneView;
  };
  'zones.remove': { input: { id: string }; output: null };
  /** Forgets the field and parameter names learned from this zone's refusals (its details' Forget button). */
  'zones.forgetWords': { input: { id: string }; output: ZoneView };
  /** Remembers a name a save taught: its value did not stick, a second write under this name did. */
  'zones.learnWord': {
    input: {
      id: string;
      role: string;
      place: WordPlace;
      name: string;
      instead: string;
      operationId: string;
      /** `person`: chosen by a person (default `compare`: a save taught it). */
      from?: 'compare' | 'person';
    };
    output: ZoneView;
  };
  /**
   * A reply of `kind` from this zone had fields no shape reads: logged once per zone, kind and set
   * of names (names only, never values), so a zone's dialect can be told from the log.
   */
  'shapes.unread': { input: { zone: string; kind: string; fields: string[] }; output: null };
  /** Every zone's health as the agent sees it now. */
  'zones.health': { input: Record<string, never>; output: ZoneHealth[] };
  'zones.export': { input: Record<string, never>; output: { fileName: string; text: string } };
  /** Plans the import of a zones file's text; with `apply`, applies it (conflicts only where named in `take`). */
  'zones.import': {
    input: { text: string; apply: boolean; take?: string[] };
    output: { plan: ZoneImportPlan; applied: string[] };
  };
  'auth.login': { input: { zone: string; email: string; password: string }; output: LoginResult };
  'auth.verify': {
    input: { zone: string; challenge: string; code: string; rememberDevice: boolean };
    output: LoginResult;
  };
  'auth.resend': {
    input: { zone: string; challenge: string };
    output: { mail_sent: boolean; resend_after_seconds: number };
  };
  'auth.logout': { input: { zone: string }; output: null };
  'api.call': { input: ApiCallInput; output: ApiResult };
  'list.poll': { input: ListPollInput; output: ListPollResult };
  'sandbox.start': { input: Record<string, never>; output: { zones: ZoneView[] } };
  'sandbox.mail': { input: { to?: string }; output: SandboxMail[] };
  'stream.open': { input: StreamOpenInput; output: { sid: string } };
  'stream.close': { input: { sid: string }; output: null };
  /** The changes this machine sent to zones, newest first (names only, never values). */
  'journal.list': { input: JournalQuery; output: JournalPage };
  /** The same, as a CSV or JSON file's text for the page to save (at most 5,000 entries; `more` says some were left out). */
  'journal.export': {
    input: { format: 'csv' | 'json'; query: JournalQuery };
    output: { fileName: string; text: string; count: number; more: boolean };
  };
}

export interface Commands
  extends
    CoreCommands,
    IdentityCommands,
    InfraCommands,
    ComputeCommands,
    SkillsCommands,
    SettingsCommands,
    DictionaryCommands,
    RolloutsCommands {}

export type CommandName = keyof Commands;
export type CommandInput<C extends CommandName> = Commands[C]['input'];
export type CommandOutput<C extends CommandName> = Commands[C]['output'];
