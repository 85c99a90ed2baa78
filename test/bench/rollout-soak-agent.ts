/**
 * The agent side of the rollout-soak bench (rollout-soak.ts), in a process of its own so its CPU
 * and memory are the agent's alone: an agent signs in to the zones it is given (the sandbox runs
 * in the bench's process), publishes the source's v2, says `ready`; on `start` (a line on stdin)
 * it starts one rollout per target (a canary at 20 %, then a soak far longer than the bench) and
 * says `soaking` once every rollout is in its soak; on `gc` it collects its garbage and says
 * `collected <bytes of heap in use>`. It then runs until it is killed.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createAgent } from '../../src-main/agent/agent';
import type { Connection } from '../../src-main/agent/agent-types';
import type { CommandInput, CommandName, CommandOutput } from '../../src-main/contract/commands';
import { AgentError } from '../../src-main/contract/errors';
import { zoneKindReader } from '../../src-main/contract/dictionary/kind-reader';
import { readDraft } from '../../src-main/contract/shapes/workflow-draft';
import { listOf } from '../../src-main/contract/tolerant';
import { loopbackFetch } from '../support/loopback-fetch';

interface Setup {
  zones: { id: string; baseUrl: string }[];
  email: string;
  password: string;
}

const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const say = (line: string) => process.stdout.write(`${line}\n`);

const agent = await createAgent({
  dataDir: mkdtempSync(path.join(os.tmpdir(), 'zd-bench-soak-')),
  host: 'browser',
  version: 'bench',
  memorySecrets: true,
});
const conn: Connection = { id: 'bench', sendStream: () => {}, bufferedAmount: () => 0 };
async function invoke<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const reply = await agent.invoke(command, input, conn);
  if (!reply.ok) throw AgentError.from(reply.error);
  return reply.result as CommandOutput<C>;
}

const ids: Record<string, string> = {};
for (const z of setup.zones) {
  const zone = await invoke('zones.add', { name: z.id, baseUrl: z.baseUrl });
  ids[z.id] = zone.id;
  const first = await invoke('auth.login', { zone: zone.id, email: setup.email, password: setup.password });
  if (first.status === 'mfa_required') {
    const mail = (await (
      await loopbackFetch(`${z.baseUrl}/_sandbox/mail?to=${encodeURIComponent(setup.email)}`)
    ).json()) as { code?: string }[] | { items: { code?: string }[] };
    const code = (Array.isArray(mail) ? mail : mail.items)[0]!.code!;
    await invoke('auth.verify', { zone: zone.id, challenge: first.challenge, code, rememberDevice: false });
  }
}

// The source's v2: its seeded triage workflow with a prompt changed, published.
const [source, ...targets] = setup.zones.map((z) => ids[z.id]!);
const call = async (operationId: string, input: Record<string, unknown> = {}) =>
  (await invoke('api.call', { zone: source!, operationId: operationId as never, ...input })).data;
const records = listOf(await call('workflows.list'));
const reader = zoneKindReader(undefined, records, 'workflow');
const triage = records.find((r) => reader.name(r) === 'triage')!;
const workflowId = reader.id(triage)!;
const draft = readDraft(await call('workflows.get', { params: { id: workflowId } }));
if (!draft.found) throw new Error('the source shows no draft');
const spec = JSON.parse(JSON.stringify(draft.spec).replace('Classify:', 'Triage:')) as unknown;
await call('workflows.update', { params: { id: workflowId }, body: { [draft.name]: spec } });
await call('workflows.publish', { params: { id: workflowId } });
say('ready');

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  // `gc`: a collection now (node runs with --expose-gc), so two memory readings compare live data.
  if (line.trim() === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    say(`collected ${process.memoryUsage().heapUsed}`);
    continue;
  }
  if (line.trim() !== 'start') continue;
  const started = await Promise.all(
    targets.map((zone) =>
      invoke('rollout.start', {
        source: { zone: source!, workflowId, version: 2 },
        stages: [{ zones: [zone], canaryWeight: 20, suiteMustPass: false, approval: false, soak: { minutes: 60 } }],
      }),
    ),
  );
  const end = Date.now() + 60_000;
  for (;;) {
    const all = await Promise.all(started.map((r) => invoke('rollout.status', { id: r.id })));
    if (all.every((r) => r.targets[0]?.soakSince)) break;
    const off = all.find((r) => r.status !== 'running');
    if (off || Date.now() > end) throw new Error(`not soaking: ${JSON.stringify(off ?? all[0])}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  say('soaking');
}
