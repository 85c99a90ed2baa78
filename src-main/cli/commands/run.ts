/**
 * `zonedeck run <zone>/<workflow>`: start a run; with --follow, print its steps as they change and
 * exit by how it ended (0 succeeded, 6 failed, 7 cancelled), for CI scripts. As in the window, the
 * stream only says "something happened" and the run record is read again; a slow poll covers a
 * stream that says nothing. --approve answers a gate with approve when the run waits at one.
 */
import { pick } from '../../contract/tolerant';
import { readRun, type RunRead } from '../../contract/run-record';
import type { KindReader } from '../../contract/dictionary/kind-reader';
import type { ZoneView } from '../../contract/commands';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { paint } from '../output';
import { resolveIn } from '../resolve';
import { runPhase } from '../run-outcome';
import { gateOf, stepLines } from '../run-trail';
import { readArgument } from '../read-argument';

export interface RunFlags {
  input?: string;
  follow?: boolean;
  approve?: boolean;
}

/** Re-read at most this often on events, and at least this often without any. */
const REREAD_MS = 200;
const POLL_MS = 1000;

function readInput(spec: string): unknown {
  const text = readArgument(spec, 'input');
  try {
    return JSON.parse(text);
  } catch {
    return text; // a workflow's input may be plain text
  }
}

export async function runCommand(link: AgentLink, out: Output, ref: string, f: RunFlags): Promise<void> {
  const w = await resolveIn(link, out, ref, 'workflow', 'workflows.list');
  const started = await link.invoke('api.call', {
    zone: w.zone.id,
    operationId: 'workflows.run',
    params: { id: w.id },
    body: { input: f.input !== undefined ? readInput(f.input) : null },
    words: { body: { input: { role: 'run.input' } } },
  });
  // The workflow's id is not the run's: a field holding it is the run's reference to its workflow.
  const first = readRun(started.data, w.zone.dictionary, [w.id]);
  // Best effort, as resolveIn: what the start reply showed of the zone's runs is the zone's to keep.
  await link
    .invoke('dictionary.note', { zone: w.zone.id, kind: 'run', seen: first.reader.entry() })
    .catch(() => undefined);
  const runId = first.id;
  if (!runId) throw noRunId(w.zone, first);
  out.note(`Started run ${runId} of ${w.zone.name}/${w.name}.`);
  if (!f.follow) {
    out.result(runId, first.record);
    return;
  }
  const final = await follow(link, out, { zone: w.zone, runId, known: [w.id], reader: first.reader }, f.approve);
  const phase = runPhase(final.status);
  const color = out.color('stderr');
  const word = phase === 'succeeded' ? paint(color, 'green', 'succeeded') : paint(color, 'red', final.status ?? phase);
  const error = pick(final.record, 'error', 'message');
  out.note(`Run ${runId} ${word}${error && phase !== 'succeeded' ? `: ${error}` : ''}.`);
  out.result(phase, final.record);
  if (phase === 'failed') process.exitCode = EXIT.runFailed;
  if (phase === 'cancelled') process.exitCode = EXIT.runCancelled;
}

/** A run's id the start reply leaves unsure: say which fields tied and how to choose one. */
function noRunId(zone: ZoneView, run: RunRead): CliError {
  const why = run.tied.length
    ? `Zonedeck cannot tell which of ${run.tied.join(', ')} is its id; choose one: zonedeck fields ${zone.name} run id=<field>.`
    : `no field of its reply reads as an id (its fields: ${Object.keys(run.record).slice(0, 12).join(', ')}).`;
  return new CliError(`The zone started a run, but ${why}`, EXIT.failed, 'zone_reply_invalid');
}

interface Followed {
  zone: ZoneView;
  runId: string;
  /** Ids that are not the run's (its workflow's). */
  known: string[];
  /** The run reader made from the start reply: the same fields are read at every re-read. */
  reader: KindReader;
}

async function follow(link: AgentLink, out: Output, r: Followed, approve = false): Promise<RunRead> {
  const zone = r.zone.id;
  const seen = new Map<string, string>();
  const approved = new Set<string>();
  let lastStatus = '';
  let lastGate = '';
  const read = async (): Promise<RunRead> => {
    const res = await link.invoke('api.call', { zone, operationId: 'workflowRuns.get', params: { id: r.runId } });
    return readRun(res.data, r.zone.dictionary, r.known, r.reader);
  };
  const report = async (run: RunRead): Promise<boolean> => {
    for (const line of stepLines(run.steps, seen)) out.note(line);
    const status = run.status ?? '';
    const phase = runPhase(status);
    // Each gate once, even when two gates follow with no other word seen between them.
    const gate = phase === 'waiting' ? gateOf(run.steps, run.status) : '';
    if (gate && (status !== lastStatus || gate !== lastGate)) {
      if (approve && !approved.has(gate)) {
        approved.add(gate);
        await link.invoke('api.call', {
          zone,
          operationId: 'workflowRuns.approvals',
          params: { id: r.runId },
          // The decision alone, as the window's approval without a comment: a zone that refuses it
          // naming its own field for it is answered under that name (one field, one name).
          body: { decision: 'approve' },
          // The role the window's approval uses: a name this zone taught it is sent here too.
          words: { body: { decision: { role: 'approval.decision' } } },
        });
        out.note(`  approved the gate at ${gate}`);
      } else if (!approve)
        out.note(`  waiting for approval at ${gate} (approve it in the app, or rerun with --approve)`);
    }
    lastStatus = status;
    lastGate = gate;
    return phase === 'succeeded' || phase === 'failed' || phase === 'cancelled';
  };

  const { sid } = await link
    .invoke('stream.open', { zone, operationId: 'workflowRuns.stream', params: { id: r.runId } })
    .catch(() => ({ sid: '' })); // no stream: the poll alone follows the run
  let wake: (() => void) | undefined;
  const off = sid ? link.onStream(sid, () => wake?.()) : () => {};
  try {
    for (;;) {
      const run = await read();
      if (await report(run)) return run;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          wake = undefined;
          setTimeout(resolve, REREAD_MS);
        };
      });
    }
  } finally {
    off();
    if (sid) await link.invoke('stream.close', { sid }).catch(() => null);
  }
}
