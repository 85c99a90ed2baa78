/** `npm run bench`: runs every benchmark once and writes the figures to bench-results/latest.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { benchSandbox } from './sandbox';
import { benchComputeUi } from './compute-ui';
import { benchAllZones } from './all-zones';
import { benchConsoleUi } from './console-ui';
import { benchConsoleSplit } from './console-split';
import { benchBundle } from './bundle';
import { benchWorkflowEditor } from './workflow-editor';
import { benchWorkflowRuns } from './workflow-runs';
import { benchStartup } from './startup';
import { benchFirstScreen } from './first-screen';
import { benchAgentHop } from './agent-hop';
import { benchLogSave } from './log-save';
import { benchIdle } from './idle';
import { benchList100k } from './list-100k';
import { benchCliKubeconfig } from './cli-kubeconfig';
import { benchSignature } from './signature';
import { keychainFiguresInPrivateKeyring, keychainPlan } from './keychain';
import { benchCompareTable } from './compare-table';
import { benchTwentyZones } from './twenty-zones';
import { goalMet, goalText } from './goals';
import { benchRunViewSpeed } from './run-view-speed';
import { benchShapesCost } from './shapes-cost';
import { benchRendererWork } from './renderer-work';
import { benchRolloutSoak } from './rollout-soak';

// Before anything else: a run that cannot measure the keychain figures fails now, not minutes in.
const keychain = await keychainPlan();
if (keychain.where === 'private') console.log(`${keychain.why}: the keychain figures run under .ci/with-keyring.sh`);
const keychainFigures = async () =>
  keychain.where === 'here'
    ? { ...(await benchCliKubeconfig()), ...(await benchSignature()) }
    : keychainFiguresInPrivateKeyring();

const figures: Record<string, number | string> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  ...benchBundle(),
  ...(await benchStartup()),
  ...(await benchFirstScreen()),
  ...(await benchAgentHop()),
  ...(await benchSandbox()),
  ...(await benchComputeUi()),
  ...(await benchAllZones()),
  ...(await benchConsoleUi()),
  ...(await benchConsoleSplit()),
  ...(await benchWorkflowEditor()),
  ...(await benchWorkflowRuns()),
  ...(await benchLogSave()),
  ...(await benchIdle()),
  ...(await benchList100k()),
  ...(await keychainFigures()),
  ...benchCompareTable(),
  ...(await benchTwentyZones()),
  ...(await benchRunViewSpeed()),
  ...benchShapesCost(),
  ...benchRendererWork(),
  ...(await benchRolloutSoak()),
};
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', `${JSON.stringify(figures, null, 2)}\n`);
for (const [k, v] of Object.entries(figures)) {
  const met = goalMet(k, v);
  const goal = met === undefined ? '' : `  goal ${goalText(k)} ${met ? 'met' : 'MISSED'}`;
  console.log(`${k.padEnd(40)} ${typeof v === 'number' ? v.toFixed(1) : v}${goal}`);
}
console.log('written to bench-results/latest.json');
