/**
 * The window's notifications: what the app reads anyway (runs' records and history pages,
 * deployment histories, data/sightings.ts) and the agent's zone health events go through the
 * rule (notice-rule.ts); a notice is raised when its switch is on for its zone and the person is
 * not looking at it now (the window in front, the item on screen; a zone's health: that zone
 * shown). Runs in flight in a zone with a run switch on are followed through their live stream
 * (workflows' run-follow.ts), so they are told about with the window hidden; nothing is polled for
 * runs. Deployments have no stream: while a zone's switch for them is on, its workspaces'
 * histories are read once a minute (workspaces' deploy-watch.ts). In browser mode one tab raises
 * them (tab-leader.ts): the others hand their run and deployment notices to it, and it raises each
 * once. Installed once by the main window's shell.
 */
import { getCurrentScope, onScopeDispose, watch } from 'vue';
import { agent } from '../../agent';
import { reportError } from '../../data/report-error';
import { isShowing, onSighting } from '../../data/sightings';
import { useSettingsStore } from '../../state/settings';
import { useZonesStore } from '../../state/zones';
import type { ZoneHealth } from '@contract/commands';
import type { RunFollower } from '../workflows';
import type { DeployWatch } from '../workspaces';
import { type Notice, type NoticeNames, NoticeRule } from './notice-rule';
import { raise } from './raise';
import { electTab } from './tab-leader';
import { needsBrowserPermission } from './permission';

/** Notice keys the leading tab raised, so one handed over by another tab is not raised again. */
const RAISED_KEPT = 1_000;

const downOf = (h: ZoneHealth): boolean | null => (h.state === 'unknown' ? null : h.state === 'unreachable');

export function useNotifications(): void {
  const settings = useSettingsStore();
  const zones = useZonesStore();
  const names: NoticeNames = { zone: (id) => zones.byId.get(id)?.name ?? id };
  const rule = new NoticeRule(names);
  const runsWanted = (zone: string) =>
    settings.value.notifications[zone]?.some((k) => k === 'gate' || k === 'run') ?? false;
  // Workflow and workspace names as their lists last read them, and the follower of runs in
  // flight; loaded with the first sighting (whose feature is loaded by then), so the first
  // screen does not carry them.
  let follower: RunFollower | null = null;
  let stopped = false;
  async function loadNames(): Promise<void> {
    const { followRuns, workflowNameIn } = await import('../workflows');
    const { workspaceNameIn } = await import('../workspaces');
    names.workflow = workflowNameIn;
    names.workspace = workspaceNameIn;
    if (!stopped) follower = followRuns(runsWanted);
  }
  let named: Promise<void> | null = null;
  const withNames = () =>
    (named ??= loadNames().catch((e: unknown) => reportError('notifications', e, { step: 'names' }, 'warn')));

  // Signed-in zones whose switch for failed deployments is on; the watcher loads with the first.
  const deployZones = () =>
    zones.list
      .filter((z) => z.session.state !== 'signed_out' && settings.value.notifications[z.id]?.includes('deploy'))
      .map((z) => z.id);
  let deployWatch: DeployWatch | null = null;
  const offDeploy = watch(
    () => deployZones().length > 0,
    async (wanted) => {
      if (!wanted || deployWatch) return;
      const { watchDeployments } = await import('../workspaces');
      if (!stopped && !deployWatch) deployWatch = watchDeployments(deployZones);
    },
    { immediate: true },
  );

  const switchedOn = (n: Notice) => settings.value.notifications[n.zone]?.includes(n.kind) ?? false;
  const lookingAt = (n: Notice) =>
    document.visibilityState === 'visible' &&
    document.hasFocus() &&
    (n.screen ? isShowing(n.screen) : n.kind === 'health' && zones.selectedId === n.zone);

  const raised = new Set<string>();
  function raiseOnce(n: Notice): void {
    if (raised.has(n.key)) return;
    raised.add(n.key);
    if (raised.size > RAISED_KEPT) raised.delete(raised.values().next().value!);
    raise(n).catch((e: unknown) => reportError('notifications', e, { kind: n.kind }, 'warn'));
  }
  // Browser mode: one tab raises (the desktop app has one window and the host's notifications).
  const tabs = needsBrowserPermission() && typeof BroadcastChannel !== 'undefined' ? electTab(raiseOnce) : null;

  function send(notices: Notice[]): void {
    for (const n of notices) {
      if (!switchedOn(n) || lookingAt(n)) continue;
      if (!tabs || tabs.leading()) raiseOnce(n);
      // Every tab hears the agent's health events itself: only what this tab read is handed over.
      else if (n.kind !== 'health') tabs.forward(n);
    }
  }

  const offSightings = onSighting(
    (s) =>
      void withNames().then(() => {
        send(rule.seen(s));
        follower?.seen(s);
      }),
  );
  const offHealth = agent.onEvent('zones.health', (list) => {
    for (const h of list) send(rule.healthSeen(h.zone, downOf(h)));
  });
  // How each zone is now, so its first change is told and not taken for how it was.
  agent
    .invoke('zones.health', {})
    .then((list) => list.forEach((h) => send(rule.healthSeen(h.zone, downOf(h)))))
    .catch((e: unknown) => reportError('notifications', e, { step: 'health' }, 'warn'));

  if (getCurrentScope())
    onScopeDispose(() => {
      offSightings();
      offHealth();
      stopped = true;
      follower?.stop();
      offDeploy();
      deployWatch?.stop();
      tabs?.stop();
    });
}
