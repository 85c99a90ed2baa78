/**
 * CMS commands sent to a workspace: each run (one line or a whole script) in order, stopping at
 * the first failure, with every command's exit code, output and time; and the per-workspace history
 * of sent lines. Runs live here, not in the tab, so leaving the tab keeps the output of this session.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import { agent } from '../../../agent';
import { toErrorData } from '../../../lib/errors';
import { readCmsReply } from '../shapes/cms-result';
import { isInstallRefusal } from './cms-install-warning';
import { forgetHistories, historyKey, loadHistory, pushHistory } from './cms-history';
import type { WorkspaceRef } from '../workspaces';
import { dropZoneKeys, onZoneReset } from '../../../data/zone-gate';

/** `finished`: the zone ran it and did not say whether it succeeded (never shown as passed). */
export type CmsEntryState = 'waiting' | 'running' | 'passed' | 'failed' | 'finished' | 'refused' | 'error' | 'skipped';

export interface CmsEntry {
  /** 1-based line in the editor, when the command came from it. */
  line: number | undefined;
  source: string;
  args: string[];
  state: CmsEntryState;
  exitCode?: number;
  output?: string;
  error?: AgentErrorData;
  ms?: number;
  at?: Date;
  /** A reply nothing could be read from: its field names (never values), and the reply. */
  unread?: string[];
  raw?: unknown;
}

export interface CmsRun {
  id: number;
  kind: 'line' | 'script';
  entries: CmsEntry[];
  done: boolean;
}

export interface CmsSession {
  runs: CmsRun[];
  /** Commands sent, oldest first (localStorage, keyed by zone and workspace). */
  history: string[];
  /** The editor's text, kept while the app runs. */
  script: string;
}

export type CmsToSend = Pick<CmsEntry, 'line' | 'source' | 'args'>;

const STARTER =
  '# One command per line, without the leading "wp". # starts a comment; a line ending in \\ goes on below.\noption get blogname\nplugin list\n';

/** Runs kept per workspace; older ones go (the history keeps their commands). */
const RUNS_KEPT = 40;

function keyOf(ref: WorkspaceRef): string {
  return `${ref.zone}\u0000${ref.id}`;
}

export const useWorkspaceCmsStore = defineStore('workspace-cms', () => {
  const sessions = reactive(new Map<string, CmsSession>());
  let nextId = 1;

  // Runs, their output and the command history are the signed-in person's (history is kept on disk too).
  onZoneReset((zone) => {
    dropZoneKeys(zone, '\u0000', sessions);
    forgetHistories(localStorage, zone);
  });

  function session(ref: WorkspaceRef): CmsSession {
    const k = keyOf(ref);
    if (!sessions.has(k))
      sessions.set(k, { runs: [], history: loadHistory(localStorage, historyKey(ref.zone, ref.id)), script: STARTER });
    return sessions.get(k)!;
  }

  /** True while a run of this workspace is under way: nothing else is sent until it ends. */
  function running(ref: WorkspaceRef): boolean {
    return session(ref).runs.some((r) => !r.done);
  }

  async function sendOne(ref: WorkspaceRef, e: CmsEntry): Promise<boolean> {
    e.state = 'running';
    e.at = new Date();
    const t0 = performance.now();
    try {
      const raw = await agent.call(ref.zone, 'workspaces.cmsCli', { params: { id: ref.id }, body: e.args });
      const reply = readCmsReply(raw);
      e.exitCode = reply.exitCode;
      e.output = reply.output;
      e.state = reply.outcome;
      if (reply.unread) {
        e.unread = reply.unread;
        e.raw = raw;
      }
    } catch (err) {
      e.error = toErrorData(err);
      e.state = isInstallRefusal(e.error) ? 'refused' : 'error';
    }
    e.ms = Math.round(performance.now() - t0);
    // Only a failure the zone reported (or a refusal) stops the run; a "finished" goes on.
    return e.state === 'passed' || e.state === 'finished';
  }

  /** Sends the commands in order; stops at the first failure and marks the rest not run. */
  async function run(ref: WorkspaceRef, kind: CmsRun['kind'], commands: CmsToSend[]): Promise<CmsRun | null> {
    const s = session(ref);
    if (running(ref) || commands.length === 0) return null;
    s.runs.push({ id: nextId++, kind, done: false, entries: commands.map((c) => ({ ...c, state: 'waiting' })) });
    if (s.runs.length > RUNS_KEPT) s.runs.splice(0, s.runs.length - RUNS_KEPT);
    // The reactive copy: changes to its entries are what the output shows.
    const r = s.runs[s.runs.length - 1]!;
    let stopped = false;
    for (const e of r.entries) {
      if (stopped) {
        e.state = 'skipped';
        continue;
      }
      s.history = pushHistory(
        localStorage,
        historyKey(ref.zone, ref.id),
        s.history,
        e.source.replace(/\\\r?\n\s*/g, ''),
      );
      stopped = !(await sendOne(ref, e));
    }
    r.done = true;
    return r;
  }

  function clear(ref: WorkspaceRef): void {
    const s = session(ref);
    s.runs = s.runs.filter((r) => !r.done);
  }

  return { session, running, run, clear };
});
