/**
 * What the app saw as it read anyway: a run's record or its workflow's newest history page, a
 * workspace's deployment history. Features report what their reads held, in their own words made
 * plain (ids, the zone's state word); whoever listens (notifications) reacts without reading
 * anything again. Also which items are on screen now, so a listener can leave alone what the
 * person is looking at. Plain listeners: the reporter and the listener never meet.
 */

export interface RunSighting {
  id: string;
  /** The zone's word for the run's state, as written. */
  status: string | undefined;
  /** The record shows the run parked at an approval gate (by its structure or an approval word). */
  gate: boolean;
  /** The gate's question, when the record says. */
  gateMessage?: string;
  /** Which gate: the step parked at it, when the record names it (a run's second gate is news of its own). */
  gateAt?: string;
  /** Why it failed, in the zone's words, when it says. */
  error?: string;
}

export interface DeploymentSighting {
  /** The deployment's id, else its commit and app: what tells one entry from another. */
  key: string;
  status: string | undefined;
  commit?: string;
  app?: string;
}

export type Sighting =
  | {
      kind: 'runs';
      zone: string;
      workflowId: string | undefined;
      /** `page`: the workflow's newest runs, all of them; `record`: one run's record. */
      source: 'page' | 'record';
      runs: RunSighting[];
    }
  | {
      kind: 'deployments';
      zone: string;
      workspaceId: string;
      /** The workspace's name when the reader has it at hand (the deployments watcher does). */
      workspaceName?: string;
      deployments: DeploymentSighting[];
    };

type Listener = (s: Sighting) => void;
const listeners = new Set<Listener>();

export function reportSighting(s: Sighting): void {
  for (const l of listeners) {
    try {
      l(s);
    } catch {
      // A listener's bug must not fail the read that reported: the screen still gets its data.
    }
  }
}

export function onSighting(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Items on screen now, by key (`run:<zone>/<id>`, `deployments:<zone>/<workspace>`), counted. */
const onScreen = new Map<string, number>();

export function showing(key: string): () => void {
  onScreen.set(key, (onScreen.get(key) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (onScreen.get(key) ?? 1) - 1;
    if (n > 0) onScreen.set(key, n);
    else onScreen.delete(key);
  };
}

export function isShowing(key: string): boolean {
  return onScreen.has(key);
}

export const runScreenKey = (zone: string, id: string) => `run:${zone}/${id}`;
export const deploymentsScreenKey = (zone: string, workspace: string) => `deployments:${zone}/${workspace}`;
