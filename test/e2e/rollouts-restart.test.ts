/**
 * Issue #38's restart in the middle of a soak, end to end in Chromium against sandbox zones over
 * loopback HTTP: a rollout of triage v2 from eu-1 to us-1 (soak 2 runs) then us-2 is started
 * through the screen; while us-1 soaks with one good run the app is closed and opened again on the
 * same data folder. The rollout comes back paused with the soak where it stood; Resume finishes it,
 * and us-1 got no write of the rollout twice (the zone's own request log, read as another client).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { addZoneSignedIn, signInWithCode } from './support/across-zones';
import { selectZone } from './support/identity-kit';
import { openWorkflowTab, startRunAsOther } from './support/workflow-prod';
import {
  boardStatus,
  card,
  openRollouts,
  planRollout,
  publishNewVersion,
  runnersIn,
  startRolloutZones,
} from './support/rollouts';
import type { RolloutZones } from './support/rollouts';
import { watchRequests } from '../integration/rollouts/zone-requests';

const chrome = chromiumOrSkip();
/** The zones this test needs of the four (ap-1, protected in the other test, is left out). */
const USED = ['eu-1', 'us-1', 'us-2'] as const;

describe.runIf(chrome)('a rollout across an app restart in the middle of a soak', () => {
  let app: AppUnderTest | undefined;
  let zones: RolloutZones;
  let dataDir: string;
  let watch: Awaited<ReturnType<typeof watchRequests>>;
  beforeAll(async () => {
    zones = await startRolloutZones();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-e2e-restart-'));
    app = await openApp(chrome!, { dataDir });
    for (const [i, z] of USED.entries()) await addZoneSignedIn(app.page, z, zones.base[z]!, i === 0);
    watch = await watchRequests(zones.base['us-1']!);
  }, 120_000);
  afterAll(async () => {
    await watch?.stop();
    await app?.close();
    await zones?.sandbox.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  /** A run of triage in us-1, started as another client would (the soak counts it once settled). */
  async function runInUs1() {
    await startRunAsOther(zones.base['us-1']!, zones.token['us-1']!, zones.triage['us-1']!, { ticket: 'a ticket' });
  }

  it('comes back paused with the soak where it stood; Resume finishes it without a repeated write', async () => {
    let page = app!.page;
    await selectZone(page, 'eu-1');
    const nav = page.getByRole('navigation', { name: 'Areas' });
    await nav.getByRole('button', { name: 'Workflows', exact: true }).first().click();
    await nav.getByRole('button', { name: 'Workflows', exact: true }).last().click();
    await openWorkflowTab(page, 'triage', 'Editor');
    await publishNewVersion(page, 'Triage v2', 2);

    let screen = await openRollouts(page);
    const form = await planRollout(screen, ['us-1:soak=2runs', 'us-2']);
    await form.getByRole('status').getByText('Stage 1 · us-1: runs v1').waitFor({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Start' }).click();
    await form.waitFor({ state: 'detached' });
    await screen.getByRole('region', { name: 'Stage 1' }).getByText('straight deploy, soak 2 runs').waitFor();
    let us = card(screen, 1, 'us-1');
    await us.getByText('Soaking · v2').waitFor({ timeout: 20_000 });
    await us.getByText('0 good runs so far').waitFor({ timeout: 20_000 });
    await runInUs1();
    await us.getByText('1 good run so far').waitFor({ timeout: 30_000 });
    const before = await watch.writes();
    expect(before.map((x) => x.replace(/[0-9a-f-]{36}/, ':id'))).toEqual([
      'PUT /api/v1/workflows/:id',
      'POST /api/v1/workflows/:id/publish',
      'POST /api/v1/workflows/:id/deploy',
      'POST /api/v1/workflows/:id/run',
    ]);

    // Closed while us-1 soaks, opened again on the same data folder.
    await app!.close();
    app = await openApp(chrome!, { dataDir });
    page = app.page;
    // This host keeps sign-ins in memory (no keychain here): each zone is signed in again, as a person would.
    for (const z of USED) {
      await selectZone(page, z);
      await signInWithCode(page, zones.base[z]!);
    }
    screen = await openRollouts(page);
    await boardStatus(screen).getByText('Paused').waitFor({ timeout: 20_000 });
    await screen
      .getByText(/while this rollout ran\. Resume to go on from where it stood\./)
      .first()
      .waitFor();
    us = card(screen, 1, 'us-1');
    await us.getByText('Soaking · v2').waitFor();
    await us.getByText('1 good run so far').waitFor();
    await card(screen, 2, 'us-2').getByText('Waiting for its stage').waitFor();
    // Paused is holding: nothing was written to us-1 by the restart.
    expect(await watch.writes()).toEqual(before);

    await screen.getByRole('toolbar', { name: 'Rollout actions' }).getByRole('button', { name: 'Resume' }).click();
    await us.getByText('Under way').waitFor({ timeout: 20_000 });
    // The second good run ends the soak: us-1 goes on at once (no count of 2 to wait for).
    await runInUs1();
    await boardStatus(screen).getByText('Finished').waitFor({ timeout: 30_000 });
    for (const [n, z] of [
      [1, 'us-1'],
      [2, 'us-2'],
    ] as const)
      await card(screen, n, z).getByText('Done · v2').waitFor();
    expect(await runnersIn(zones, 'us-1')).toEqual({ primary: 2, canary: undefined });
    // After the restart us-1 got only the second run (another client's): no write of the rollout came again.
    const after = (await watch.writes()).slice(before.length);
    expect(after.map((x) => x.replace(/[0-9a-f-]{36}/, ':id'))).toEqual(['POST /api/v1/workflows/:id/run']);
  });
});
