/**
 * `zonedeck rollout`'s `--stage` values read into a plan's stages (contract/rollout-stages.ts,
 * the same reading as the screen's form): `--stage eu-1 --stage us-1,us-2:canary=25,suite,soak=5runs,approve`.
 * What cannot be read is a usage error naming the rule.
 */
import type { StagePlan } from '../contract/commands-rollouts';
import { readStage } from '../contract/rollout-stages';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';

export function parseStage(text: string): StagePlan {
  const read = readStage(text);
  if ('error' in read)
    throw new CliError(
      read.error.replace('eu-1,us-1[:rules]', '--stage eu-1,us-1[:rules]'),
      EXIT.usage,
      'invalid_input',
    );
  return read.stage;
}
