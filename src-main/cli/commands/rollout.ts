/**
 * `zonedeck rollout plan|start|status|resume|approve|abort|rollback`: the app's rollouts across
 * zones, driving the same agent-side engine. With the app running the rollout goes on there
 * after the command returns; with no app (standalone) the engine lives in this process, so start
 * and resume stay until the rollout finishes, pauses or waits for approval. Exit codes: 0 done,
 * 8 paused or aborted, 9 waiting for approval (and the usual 1–5).
 */
import type { Rollout, RolloutPlanInput, RolloutPreview } from '../../contract/commands-rollouts';
import { listOf } from '../../contract/tolerant';
import { publishedVersionOf } from '../../contract/shapes/workflow-draft';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';
import type { AgentLink } from '../link';
import { table, type Output } from '../output';
import { resolveIn, resolveZone } from '../resolve';
import { parseStage } from '../rollout-args';

export interface RolloutFlags {
  versionNumber?: string;
  stage?: string[];
  /** Minutes a step waits for a zone (a suite's verdict, a soak's runs) before the rollout pauses. */
  waitLimit?: string;
  confirm?: string[];
  wait?: boolean;
}

const POLL_MS = 500;

async function planOf(link: AgentLink, out: Output, ref: string, f: RolloutFlags): Promise<RolloutPlanInput> {
  if (!f.stage?.length) throw new CliError('Name at least one stage: --stage <zone>[,<zone>…][:rules].', EXIT.usage);
  const source = await resolveIn(link, out, ref, 'workflow', 'workflows.list');
  const stages = [];
  for (const typed of f.stage.map(parseStage)) {
    const zones = [];
    for (const z of typed.zones) zones.push((await resolveZone(link, z)).id);
    stages.push({ ...typed, zones });
  }
  await link.sessionsRestored(stages.flatMap((s) => s.zones));
  const waitMinutes = f.waitLimit === undefined ? undefined : Number(f.waitLimit);
  if (waitMinutes !== undefined && !(waitMinutes > 0 && waitMinutes <= 7 * 24 * 60))
    throw new CliError(`--wait-limit takes minutes (more than 0, at most a week), not “${f.waitLimit}”.`, EXIT.usage);
  let version = f.versionNumber === undefined ? undefined : Number(f.versionNumber);
  if (version !== undefined && (!Number.isInteger(version) || version < 1))
    throw new CliError(`--version-number takes a published version number, not “${f.versionNumber}”.`, EXIT.usage);
  if (version === undefined) {
    const listed = await link.invoke('api.call', {
      zone: source.zone.id,
      operationId: 'workflows.versions.list',
      params: { id: source.id },
    });
    const numbers = listOf(listed.data).flatMap((v) => publishedVersionOf(v) ?? []);
    if (!numbers.length)
      throw new CliError(`${source.name} has no published version in ${source.zone.name}.`, EXIT.failed);
    version = Math.max(...numbers);
  }
  return {
    source: { zone: source.zone.id, workflowId: source.id, version },
    stages,
    ...(waitMinutes !== undefined ? { waitMinutes } : {}),
  };
}

function previewText(p: RolloutPreview): string {
  const rows = p.targets.map((t) => [
    String(t.stage + 1),
    t.zoneName,
    t.problem ? `unreadable: ${t.problem}` : t.exists ? 'exists' : 'created by the rollout',
    t.runningVersion !== undefined ? `v${t.runningVersion}` : '-',
    t.spec,
    t.protected ? 'protected' : '',
  ]);
  const diffs = p.targets.flatMap((t) => (t.diff?.length ? [`\n${t.zoneName}:`, ...t.diff.map((l) => `  ${l}`)] : []));
  const head = `Roll out ${p.workflowName} v${p.version}:`;
  const ask = p.protectedZones.length
    ? `\nProtected: ${p.protectedZones.join(', ')} (start with --confirm <name> for each).`
    : '';
  return [head, table(['STAGE', 'ZONE', 'WORKFLOW', 'RUNS', 'SPEC', ''], rows), ...diffs].join('\n') + ask;
}

function statusText(r: Rollout): string {
  const rows = r.targets.map((t) => [String(t.stage + 1), t.zoneName, t.step, t.status, t.reason ?? '']);
  const head = `Rollout ${r.id}: ${r.workflowName} v${r.plan.source.version}, ${r.status.replace('_', ' ')}${r.reason ? ` — ${r.reason}` : ''}`;
  return `${head}\n${table(['STAGE', 'ZONE', 'STEP', 'STATUS', 'NOTE'], rows)}`;
}

/** Ends the process by where the rollout stands (nothing to say for running or finished). */
function exitBy(r: Rollout): void {
  if (r.status === 'paused' || r.status === 'aborted') process.exitCode = EXIT.rolloutStopped;
  if (r.status === 'awaiting_approval') process.exitCode = EXIT.rolloutWaiting;
}

async function settle(link: AgentLink, out: Output, r: Rollout, wait: boolean): Promise<Rollout> {
  if (!wait && link.mode === 'shared') return r;
  if (link.mode === 'standalone' && !wait)
    out.note('No app is running: this command drives the rollout until it finishes, pauses or waits for approval.');
  let last = '';
  for (;;) {
    const now = await link.invoke('rollout.status', { id: r.id });
    const line = now.targets.map((t) => `${t.zoneName} ${t.step} ${t.status}`).join(', ');
    if (line !== last) out.note(`  ${line}`);
    last = line;
    if (now.status !== 'running') return now;
    await new Promise((res) => setTimeout(res, POLL_MS));
  }
}

export async function rolloutPlan(link: AgentLink, out: Output, ref: string, f: RolloutFlags): Promise<void> {
  const preview = await link.invoke('rollout.plan', await planOf(link, out, ref, f));
  out.result(previewText(preview), preview);
}

export async function rolloutStart(link: AgentLink, out: Output, ref: string, f: RolloutFlags): Promise<void> {
  const plan = await planOf(link, out, ref, f);
  const started = await link.invoke('rollout.start', { ...plan, confirmProtected: f.confirm ?? [] });
  out.note(`Started rollout ${started.id}.`);
  const r = await settle(link, out, started, f.wait ?? false);
  out.result(statusText(r), r);
  exitBy(r);
}

export async function rolloutStatus(link: AgentLink, out: Output, id: string | undefined): Promise<void> {
  if (id) {
    const r = await link.invoke('rollout.status', { id });
    out.result(statusText(r), r);
    exitBy(r);
    return;
  }
  const all = await link.invoke('rollout.list', {});
  const rows = all.map((r) => [r.id, r.workflowName, `v${r.plan.source.version}`, r.status, r.updatedAt]);
  out.result(all.length ? table(['ID', 'WORKFLOW', 'VERSION', 'STATUS', 'UPDATED'], rows) : 'No rollouts.', all);
}

export async function rolloutAct(
  link: AgentLink,
  out: Output,
  action: 'resume' | 'abort' | 'approve' | 'rollback',
  id: string,
  zone: string | undefined,
  f: RolloutFlags,
): Promise<void> {
  const zoneId = zone ? (await resolveZone(link, zone)).id : undefined;
  const before = await link.invoke('rollout.status', { id });
  await link.sessionsRestored([...new Set(before.targets.map((t) => t.zone))]);
  let r: Rollout;
  if (action === 'rollback') {
    if (!zoneId) throw new CliError('Name the zone to roll back: zonedeck rollout rollback <id> <zone>.', EXIT.usage);
    r = await link.invoke('rollout.rollback', { id, zone: zoneId });
  } else if (action === 'approve')
    r = await link.invoke('rollout.approve', { id, ...(zoneId ? { zone: zoneId } : {}) });
  else r = await link.invoke(action === 'resume' ? 'rollout.resume' : 'rollout.abort', { id });
  if (action === 'resume' || action === 'approve') r = await settle(link, out, r, f.wait ?? false);
  out.result(statusText(r), r);
  exitBy(r);
}
