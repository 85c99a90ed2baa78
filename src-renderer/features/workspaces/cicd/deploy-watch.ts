/**
 * CI/CD deployments watched for notifications. Deployments have no live stream, so while a zone's
 * switch for failed deployments is on, its workspaces are read once a minute (the list, then each
 * history, at most MAX_WATCHED a zone), and each history read reports what it held like the CI/CD
 * tab's own (data/sightings.ts). A workspace whose CI/CD tab is on screen is left to that tab's
 * poll; one whose record says CI/CD is off is skipped, one that does not say is read (a guess never
 * hides a failure). A zone or workspace that cannot be read now is tried again next round.
 */
import { agent } from '../../../agent';
import { deploymentsScreenKey, isShowing } from '../../../data/sightings';
import { readRows } from '../../../data';
import { listOf } from '../../../lib/tolerant';
import { toWorkspaceSummary } from '../shapes/workspace-record';
import { deploymentsOf } from '../../../shapes/cicd-record';
import { reportDeployments } from './workspace-cicd';

const WATCH_MS = 60_000;
const MAX_WATCHED = 20;

export interface DeployWatch {
  stop(): void;
}

/** `zones()`: the signed-in zones whose switch for failed deployments is on, asked each round. */
export function watchDeployments(zones: () => string[]): DeployWatch {
  let stopped = false;
  let busy = false;

  async function readZone(zone: string): Promise<void> {
    const list = readRows(zone, 'workspace', listOf(await agent.call(zone, 'workspaces.list')), toWorkspaceSummary);
    const watched = list.filter((w) => w.id !== undefined && w.cicdEnabled !== false).slice(0, MAX_WATCHED);
    for (const w of watched) {
      const ref = { zone, id: w.id! };
      if (stopped || isShowing(deploymentsScreenKey(zone, ref.id))) continue;
      try {
        const reply = await agent.call(zone, 'workspaces.cicd.deployments', { params: { id: ref.id } });
        reportDeployments(ref, deploymentsOf(reply), w.name);
      } catch {
        // This workspace's history cannot be read now (no CI/CD after all, or the zone is busy).
      }
    }
  }

  async function round(): Promise<void> {
    if (busy) return;
    busy = true;
    try {
      for (const zone of zones()) {
        if (stopped) return;
        await readZone(zone).catch(() => undefined);
      }
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => void round(), WATCH_MS);
  void round();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
