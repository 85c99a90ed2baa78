/**
 * The rollout engine's door to one zone's workflow: every call goes through api.call's own handler
 * (the route table, the zone's session, the "no change into an outage" guard, and for writes the
 * worded call that sends fields under the names this zone taught and learns from a refusal), so a
 * rollout writes in each target zone's words exactly as the window does. The roles are the
 * window's (workflow.draft, canary.version …): a name learned by one is used by the other.
 */
import type { ApiCallInput } from '../../contract/commands';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { OperationId } from '../../contract/operations';
import { listOf, type Raw } from '../../contract/tolerant';
import type { CallWords, WordChoice } from '../../contract/zone-words';
import type { Connection } from '../agent-types';
import type { AgentContext } from '../context';
import { apiCall } from '../commands/api';
import { zoneReader } from '../zones/zone-readers';
import { DRAFT_NAMES, draftOf, recordOf } from './workflow-facts';

/** api.call does not use the connection; the engine has none (it runs with no window open). */
const ENGINE: Connection = { id: 'rollouts', sendStream: () => {}, bufferedAmount: () => 0 };
const NEVER = new AbortController().signal;
/** A zone call's deadline when the agent sets none: the zone client's own. */
export const CALL_TIMEOUT_MS = 30_000;

export interface CallLimits {
  /** How long one call (a worded write with its retries included) may take. */
  timeoutMs?: number;
  /** The engine's stop: a halted rollout does not wait for the zone. */
  stop?: AbortSignal;
}

const NAME_ALTS = ['name', 'display_name', 'displayName', 'title'];
const word = (role: string, name: string, alts: readonly string[], firm = false): WordChoice => ({
  role,
  alts: alts.filter((a) => a !== name),
  ...(firm ? { firm: true } : {}),
});

export class ZoneCalls {
  constructor(
    private readonly ctx: AgentContext,
    readonly zone: string,
    private readonly limits: CallLimits = {},
  ) {}

  get zoneName(): string {
    return this.ctx.registry.get(this.zone)?.name ?? this.zone;
  }

  /**
   * One call, bounded: a zone that takes the connection and never answers is cut at the deadline
   * with a timeout naming the operation (the step pauses on it, so no rollout hangs in "running").
   */
  async call(operationId: OperationId, input: Omit<ApiCallInput, 'operationId' | 'zone'> = {}): Promise<unknown> {
    const ms = this.limits.timeoutMs ?? CALL_TIMEOUT_MS;
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      const s = ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
      const message = `no answer to ${operationId} within ${s}.`;
      deadline.abort(new AgentError({ status: 0, code: AGENT_CODES.timeout, message }));
    }, ms);
    const signal = AbortSignal.any([deadline.signal, this.limits.stop ?? NEVER]);
    try {
      const res = await apiCall.run({ ...input, zone: this.zone, operationId }, this.ctx, ENGINE, signal);
      return res.data;
    } catch (err) {
      // Whatever layer noticed the abort, the reason given is the deadline's.
      throw deadline.signal.aborted ? (deadline.signal.reason as AgentError) : err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The zone's workflows, and the dictionary's reader of them (the id and name fields this zone uses). */
  async workflows() {
    const records = listOf(await this.call('workflows.list'));
    return { records, reader: zoneReader(this.ctx.registry, this.zone, 'workflow', records) };
  }

  /** The workflow called `name` here (the name as the zone's dictionary reads it), with its id. */
  async findByName(name: string): Promise<{ id: string; record: Raw } | undefined> {
    const { records, reader } = await this.workflows();
    const hit = records.find((r) => reader.name(r) === name);
    const id = hit && reader.id(hit);
    return hit && id ? { id, record: hit } : undefined;
  }

  async workflow(id: string): Promise<Raw | undefined> {
    return recordOf(await this.call('workflows.get', { params: { id } }));
  }

  /** Creates the workflow with `spec` as its draft, its fields named as this zone's other workflows name theirs. */
  async create(name: string, spec: unknown): Promise<string | undefined> {
    const { records, reader } = await this.workflows();
    // A top-level field name only (a path step may also be a tag entry: then the spec's name).
    const step = reader.paths.name?.length === 1 ? reader.paths.name[0] : undefined;
    const nameField = typeof step === 'string' ? step : 'name';
    const theirs = records.map((r) => draftOf(r)).find((d) => d !== undefined);
    const draftName = theirs?.name ?? DRAFT_NAMES[0]!;
    const body = { [nameField]: name, [draftName]: theirs?.asText ? JSON.stringify(spec) : spec };
    const words: CallWords = {
      body: {
        [nameField]: word('workflow.name', nameField, NAME_ALTS),
        [draftName]: word('workflow.draft', draftName, DRAFT_NAMES),
      },
    };
    const reply = recordOf(await this.call('workflows.create', { body, words }));
    return (reply && reader.id(reply)) ?? (await this.findByName(name))?.id;
  }

  /** Writes `spec` as the draft, under the name the workflow's own record keeps it (firm). */
  async writeDraft(id: string, own: Raw | undefined, spec: unknown): Promise<void> {
    const at = draftOf(own);
    const name = at?.name ?? DRAFT_NAMES[0]!;
    const body = { [name]: at?.asText ? JSON.stringify(spec) : spec };
    await this.call('workflows.update', {
      params: { id },
      body,
      words: { body: { [name]: word('workflow.draft', name, DRAFT_NAMES, at !== undefined) } },
    });
  }

  publish(id: string): Promise<unknown> {
    return this.call('workflows.publish', { params: { id } });
  }

  async versions(id: string): Promise<Raw[]> {
    return listOf(await this.call('workflows.versions.list', { params: { id } }));
  }

  async version(id: string, version: number): Promise<Raw | undefined> {
    return recordOf(await this.call('workflows.versions.get', { params: { id, version: String(version) } }));
  }

  deploy(id: string, version: number): Promise<unknown> {
    return this.call('workflows.deploy', {
      params: { id },
      body: { version },
      words: { body: { version: word('deploy.version', 'version', ['version_number', 'target_version']) } },
    });
  }

  canary(id: string, version: number, weight: number): Promise<unknown> {
    const versions = ['canary_version', 'pinned_version', 'version_number', 'target_version'];
    const weights = ['weight_percent', 'percent', 'traffic', 'traffic_percent'];
    return this.call('workflows.canary.start', {
      params: { id },
      body: { version, weight: Math.round(weight) },
      words: {
        body: {
          version: word('canary.version', 'version', versions),
          weight: word('canary.weight', 'weight', weights),
        },
      },
    });
  }

  promote(id: string): Promise<unknown> {
    return this.call('workflows.canary.promote', { params: { id } });
  }

  stopCanary(id: string): Promise<unknown> {
    return this.call('workflows.canary.stop', { params: { id } });
  }

  runSuite(id: string, target: 'canary' | 'primary'): Promise<unknown> {
    const alts = ['runner', 'against', 'track'];
    return this.call('workflows.evals.run', {
      params: { id },
      body: { target },
      words: { body: { target: word('evalRun.target', 'target', alts) } },
    });
  }

  suites(id: string): Promise<unknown> {
    return this.call('workflows.evals.results', { params: { id } });
  }

  runs(id: string): Promise<unknown> {
    return this.call('workflows.runs', { params: { id }, query: { limit: 100 } });
  }
}
