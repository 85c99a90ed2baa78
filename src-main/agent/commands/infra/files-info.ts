/** infra.files: the paths screens show before anything is written. */
import path from 'node:path';
import { kubeconfigTargets } from '../../files';
import { command, empty } from '../define';
import { downloadsOf, homeOf } from '../places';

export const infraFiles = command<'infra.files'>(empty, async (_input, ctx) => {
  const home = homeOf(ctx);
  const targets = kubeconfigTargets(process.env, home);
  return {
    kubeconfigDir: path.join(home, '.kube', 'zonedeck'),
    mergeTarget: targets.target,
    mergeTargetFromEnv: targets.fromEnv,
    downloadsDir: downloadsOf(ctx),
    nativeDialogs: Boolean(ctx.options.pickSavePath),
  };
});
