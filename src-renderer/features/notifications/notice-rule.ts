/**
 * Which of the things the app saw are worth a notification, each once: a run that reached an
 * approval gate, finished or failed; a CI/CD deployment that failed; a zone that stopped
 * answering or came back. Pure: it holds what it last saw of each item and answers with the
 * notices a new sighting raises.
 *
 * - A change is a notice, never a state: what was already so when first seen (the first page of
 *   a workflow's runs, a run record opened, a workspace's first history, a zone's first health)
 *   is taken as it is. A run that appears in a page read before, already parked or over, is new.
 * - States come from the vocabulary (contract/state-vocabulary.ts); a word it does not know raises
 *   nothing and leaves what was known as it was.
 * - One notice per gate of a run (told apart by the step parked at it, when the record names it),
 *   per run's end (finished, failed), per deployment failure, and per zone change; a run's page
 *   and its record saying the same thing count once.
 */
import type { NoticeKind } from '@contract/settings';
import type { DeploymentSighting, RunSighting, Sighting } from '../../data/sightings';
import { classify, stateText } from '@contract/state-vocabulary';

export interface Notice {
  zone: string;
  kind: NoticeKind;
  /** What it is about, once: `run:<zone>/<id>:gate` … */
  key: string;
  title: string;
  body: string;
  /** The deep link's segments after the zone (contract/deep-link.ts). */
  rest: string[];
  /** The on-screen key of the item (data/sightings.ts), when one screen shows exactly it. */
  screen?: string;
}

export interface NoticeNames {
  zone(id: string): string;
  workflow?(zone: string, id: string): string | undefined;
  workspace?(zone: string, id: string): string | undefined;
}

type RunState = 'progress' | 'gate' | 'succeeded' | 'failed';

/** Items remembered per map; the oldest are forgotten first. */
const REMEMBERED = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED) map.delete(map.keys().next().value!);
}

function runStateOf(r: RunSighting): RunState | null {
  if (r.gate) return 'gate';
  const c = classify(r.status, 'run');
  if (c === 'settled') return 'succeeded';
  if (c === 'failed') return 'failed';
  if (c === 'progress') return 'progress';
  return null;
}

const shortId = (id: string) => (id.length > 12 ? id.slice(0, 8) : id);
/**
 * A notice's words hold a zone's text (names, a gate's question, an error): shown by the system,
 * outside the page, where nothing else guards them. Control characters and bidi overrides (which
 * could make "report‮fdp.exe" read as another name) are taken out, lines joined, length bounded.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;
const clip = (s: string, n = 160) => {
  const plain = s.replace(UNSHOWABLE, ' ').replace(/ {2,}/g, ' ').trim();
  return plain.length > n ? `${plain.slice(0, n - 1)}…` : plain;
};

export class NoticeRule {
  private readonly runs = new Map<string, RunState>();
  /** The gates known per run (`zone/id`), by the step parked at each; '' for one no read named yet. */
  private readonly gates = new Map<string, string[]>();
  private readonly told = new Map<string, true>();
  /** Workflows (zone/id) whose newest page was read before: a run new to it is news. */
  private readonly pages = new Map<string, true>();
  private readonly deployments = new Map<string, boolean>();
  private readonly histories = new Map<string, true>();
  private readonly health = new Map<string, boolean>();

  constructor(private readonly names: NoticeNames) {}

  seen(s: Sighting): Notice[] {
    return s.kind === 'runs' ? this.runsSeen(s) : this.deploymentsSeen(s);
  }

  /** A zone's reachability as the agent reports it; `null` (not checked yet) is not a state. */
  healthSeen(zone: string, down: boolean | null): Notice[] {
    if (down === null) return [];
    const was = this.health.get(zone);
    this.health.set(zone, down);
    if (was === undefined || was === down) return [];
    const name = this.names.zone(zone);
    return [
      {
        zone,
        kind: 'health',
        key: `health:${zone}:${down ? 'down' : 'up'}:${Date.now()}`,
        title: down ? `${name} is not answering` : `${name} is back`,
        body: down
          ? `Zonedeck keeps checking and will say when ${name} answers again.`
          : `${name} answers again; its screens are read again.`,
        // The zone's home page: its health, session and what waits there.
        rest: ['home'],
      },
    ];
  }

  forgetZone(zone: string): void {
    this.health.delete(zone);
  }

  private runsSeen(s: Extract<Sighting, { kind: 'runs' }>): Notice[] {
    const page = s.workflowId ? `${s.zone}/${s.workflowId}` : null;
    const pageKnown = s.source === 'page' && page !== null && this.pages.has(page);
    if (s.source === 'page' && page) remember(this.pages, page, true);
    const out: Notice[] = [];
    for (const r of s.runs) {
      const state = runStateOf(r);
      if (state === null) continue; // an unknown word: nothing known changes
      const key = `${s.zone}/${r.id}`;
      const was = this.runs.get(key);
      remember(this.runs, key, state);
      if (was === undefined && !pageKnown) {
        if (state === 'gate') this.gateIsNew(key, r.gateAt); // as it was when first seen: known, not told
        continue;
      }
      if (state === 'gate') {
        if (this.gateIsNew(key, r.gateAt)) out.push(this.runNotice(s.zone, s.workflowId, r, state));
        continue;
      }
      if (was === state || state === 'progress') continue;
      const once = `${key}:${state}`;
      if (this.told.has(once)) continue;
      remember(this.told, once, true);
      out.push(this.runNotice(s.zone, s.workflowId, r, state));
    }
    return out;
  }

  /**
   * Whether the gate `at` (the step parked there; undefined when the read does not name it) is one
   * not known for the run yet, noting it. A gate no read named yet takes the first name a read
   * gives it (the page and the record saying the same gate); an unnamed gate after a known one is
   * taken for it (nothing tells them apart).
   */
  private gateIsNew(run: string, at: string | undefined): boolean {
    const known = this.gates.get(run) ?? [];
    if (at === undefined) {
      if (known.length) return false;
      remember(this.gates, run, ['']);
      return true;
    }
    if (known.includes(at)) return false;
    if (known.length === 1 && known[0] === '') {
      remember(this.gates, run, [at]);
      return false;
    }
    remember(this.gates, run, [...known, at].slice(-32));
    return true;
  }

  private runNotice(zone: string, workflowId: string | undefined, r: RunSighting, state: RunState): Notice {
    const zoneName = this.names.zone(zone);
    const wf = workflowId ? (this.names.workflow?.(zone, workflowId) ?? workflowId) : undefined;
    const what = wf ? `Run ${shortId(r.id)} of ${wf}` : `Run ${shortId(r.id)}`;
    const rest = workflowId ? ['workflows', workflowId, 'runs', r.id] : ['workflows'];
    const at = state === 'gate' && r.gateAt ? `:${r.gateAt}` : '';
    const base = { zone, key: `run:${zone}/${r.id}:${state}${at}`, rest, screen: `run:${zone}/${r.id}` };
    if (state === 'gate')
      return {
        ...base,
        kind: 'gate',
        title: `Waiting for approval in ${zoneName}`,
        body: clip(r.gateMessage ? `${what}: ${r.gateMessage}` : `${what} is parked at an approval gate.`),
      };
    if (state === 'succeeded')
      return {
        ...base,
        kind: 'run',
        title: `Run finished in ${zoneName}`,
        body: clip(`${what} ${stateText(r.status)}.`),
      };
    return {
      ...base,
      kind: 'run',
      title: `Run failed in ${zoneName}`,
      body: clip(`${what} ${stateText(r.status)}${r.error ? `: ${r.error}` : '.'}`),
    };
  }

  private deploymentsSeen(s: Extract<Sighting, { kind: 'deployments' }>): Notice[] {
    const ws = `${s.zone}/${s.workspaceId}`;
    const known = this.histories.has(ws);
    remember(this.histories, ws, true);
    const out: Notice[] = [];
    for (const d of s.deployments) {
      const c = classify(d.status, 'resource');
      if (c === 'neutral') continue;
      const key = `${ws}/${d.key}`;
      const failed = c === 'failed';
      const was = this.deployments.get(key);
      remember(this.deployments, key, failed);
      if (!failed || was === true || (was === undefined && !known)) continue;
      const once = `deploy:${key}`;
      if (this.told.has(once)) continue;
      remember(this.told, once, true);
      out.push(this.deployNotice(s, d));
    }
    return out;
  }

  private deployNotice(s: Extract<Sighting, { kind: 'deployments' }>, d: DeploymentSighting): Notice {
    const { zone, workspaceId } = s;
    const name = s.workspaceName ?? this.names.workspace?.(zone, workspaceId) ?? workspaceId;
    const commit = d.commit ? ` of ${d.commit.slice(0, 7)}` : '';
    const app = d.app ? ` (${d.app})` : '';
    return {
      zone,
      kind: 'deploy',
      key: `deploy:${zone}/${workspaceId}/${d.key}`,
      title: `Deployment failed in ${this.names.zone(zone)}`,
      body: clip(`${name}: the deployment${commit}${app} ${stateText(d.status)}.`),
      rest: ['workspaces', workspaceId],
      screen: `deployments:${zone}/${workspaceId}`,
    };
  }
}
