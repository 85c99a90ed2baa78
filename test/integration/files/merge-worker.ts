/** A second process merging into the same kubeconfig (run by tsx from kubeconfig-lock.test.ts). */
import { mergeIntoKubeconfig } from '../../../src-main/agent/files/kubeconfig-files';
import { DOWNLOADED } from '../../support/kubeconfigs';

const [home, zone, count] = process.argv.slice(2);
for (let i = 0; i < Number(count); i++) {
  await mergeIntoKubeconfig({
    env: {},
    home: home!,
    zone: zone!,
    cluster: `c${i}`,
    content: DOWNLOADED,
    lockWaitMs: 20_000,
  });
}
