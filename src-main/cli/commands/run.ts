/**
 * `zonedeck run <zone>/<workflow>`: start a run; with --follow, print its steps as they change and
 * exit by how it ended (0 succeeded, 6 failed, 7 cancelled), for CI scripts. As in the window, the
 * stream only says "something happened" and the run record is read again; a slow poll covers a
 * stream that says nothing. --approve answers a gate with approve when the run waits at one.
 */
import { idOf, isRecord, listOf, pick, stateOf, type Raw } from '../../contract/tolerant';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { paint } from '../output';
import { resolveIn } from '../resolve';
import { runPhase } from '../run-outcome';
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

function stepsOf(run: Raw): { node: string; status: string }[] {
  const list = Array.isArray(run.steps) ? run.steps : listOf(run.steps);
  return list.filter(isRecord).map((s) => ({
    node: pick(s, 'node_id', 'node', 'name', 'id') ?? '?',
    status: stateOf(s) ?? '?',
  }));
}

export async function runCommand(link: AgentLink, out: Output, ref: string, f: RunFlags): Promise<void> {
  const w = await resolveIn(link, out, ref, 'workflow', 'workflows.list');
  const started = await link.invoke('api.call', {
    zone: w.zone.id,
    operationId: 'workflows.run',
    params: { id: w.id },
    body: { input: f.input !== undefined ? readInput(f.input) : null },
  });
  const first = isRecord(started.data) ? started.data : {};
  const runId = idOf(first);
  if (!runId) throw new CliError('The zone started a run but did not say its id.', EXIT.failed, 'zone_reply_invalid');
  out.note(`Started run ${runId} of ${w.zone.name}/${w.name}.`);
  if (!f.follow) {
    out.result(runId, first);
    return;
  }
  const final = await follow(link, out, w.zone.id, runId, f.approve ?? false);
  const phase = runPhase(stateOf(final));
  const color = out.color('stderr');
  const word =
    phase === 'succeeded' ? paint(color, 'green', 'succeeded') : paint(color, 'red', stateOf(final) ?? phase);
  const error = pick(final, 'error', 'message');
  out.note(`Run ${runId} ${word}${error && phase !== 'succeeded' ? `: ${error}` : ''}.`);
  out.result(phase, final);
  if (phase === 'failed') process.exitCode = EXIT.runFailed;
  if (phase === 'cancelled') process.exitCode = EXIT.runCancelled;
}

async function follow(link: AgentLink, out: Output, zone: string, runId: string, approve: boolean): Promise<Raw> {
  const seen = new Map<string, string>();
  const approved = new Set<string>();
  let lastStatus = '';
  const read = async (): Promise<Raw> => {
    const res = await link.invoke('api.call', { zone, operationId: 'workflowRuns.get', params: { id: runId } });
    return isRecord(res.data) ? res.data : {};
  };
  const report = async (run: Raw): Promise<boolean> => {
    for (const s of stepsOf(run)) {
      if (seen.get(s.node) === s.status) continue;
      seen.set(s.node, s.status);
      out.note(`  ${s.node.padEnd(16)} ${s.status}`);
    }
    const status = stateOf(run) ?? '';
    const phase = runPhase(status);
    if (status !== lastStatus && phase === 'waiting') {
      const gate = stepsOf(run).find((s) => runPhase(s.status) === 'waiting')?.node ?? status;
      if (approve && !approved.has(gate)) {
        approved.add(gate);
        await link.invoke('api.call', {
          zone,
          operationId: 'workflowRuns.approvals',
          params: { id: runId },
          body: { decision: 'approve', comment: 'approved from zonedeck run --approve' },
        });
        out.note(`  approved the gate at ${gate}`);
      } else if (!approve)
        out.note(`  waiting for approval at ${gate} (approve it in the app, or rerun with --approve)`);
    }
    lastStatus = status;
    return phase === 'succeeded' || phase === 'failed' || phase === 'cancelled';
  };

  const { sid } = await link
    .invoke('stream.open', { zone, operationId: 'workflowRuns.stream', params: { id: runId } })
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
