/** `zonedeck rollout …` in the command table: kept apart so program.ts only adds it (#38). */
import type { Command } from 'commander';
import type { RolloutFlags } from './commands/rollout';
import type { Act } from './zones-program';

const repeat = (v: string, prev: string[] = []) => [...prev, v];

function planFlags(cmd: Command): Command {
  return cmd
    .option('--version-number <n>', 'the published version to roll out (default: the latest)')
    .option('-s, --stage <zones[:rules]>', 'a stage: zones (comma-separated) and rules (repeatable, in order)', repeat)
    .option('--wait-limit <minutes>', "how long a step waits for a zone's verdict or runs before pausing (default 30)");
}

export function addRolloutCommands(program: Command, act: Act): void {
  const rollout = program
    .command('rollout')
    .summary('roll a workflow version out across zones, stage by stage')
    .description(
      'One published workflow version carried from its zone to others, stage by stage:\n' +
        'published (read back), deployed as a canary or straight, suite run, soaked,\n' +
        'approved, promoted. Stage rules after a colon:\n' +
        '  canary=<percent>, suite, soak=<n>runs|<n>m, approve\n' +
        'For example:\n' +
        '  zonedeck rollout plan eu-1/triage --stage us-1 --stage us-2:canary=20,suite',
    );

  planFlags(rollout.command('plan <zone/workflow>'))
    .summary('preview a rollout in every target: exists, running version, spec diff, protected')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, ref: string, f: RolloutFlags) => m.rolloutPlan(link, out, ref, f),
      ),
    );

  planFlags(rollout.command('start <zone/workflow>'))
    .summary('start a rollout (protected targets named with --confirm)')
    .option('--confirm <zone>', 'the name of a protected target zone, typed to include it (repeatable)', repeat)
    .option('-w, --wait', 'wait until it finishes, pauses or waits for approval')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, ref: string, f: RolloutFlags) => m.rolloutStart(link, out, ref, f),
      ),
    );

  rollout
    .command('status [id]')
    .summary('one rollout by zone and step, or every rollout')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, id: string | undefined) => m.rolloutStatus(link, out, id),
      ),
    );

  rollout
    .command('resume <id>')
    .summary('go on from the step not confirmed, re-reading each zone first')
    .option('-w, --wait', 'wait until it finishes, pauses or waits for approval')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, id: string, f: RolloutFlags) => m.rolloutAct(link, out, 'resume', id, undefined, f),
      ),
    );

  rollout
    .command('approve <id> [zone]')
    .summary('approve the promotion waiting in one zone, or in all')
    .option('-w, --wait', 'wait until it finishes, pauses or waits for approval')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, id: string, zone: string | undefined, f: RolloutFlags) =>
          m.rolloutAct(link, out, 'approve', id, zone, f),
      ),
    );

  rollout
    .command('abort <id>')
    .summary('stop: no further step is sent to any zone')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, id: string) => m.rolloutAct(link, out, 'abort', id, undefined, {}),
      ),
    );

  rollout
    .command('rollback <id> <zone>')
    .summary('undo one zone: stop the canary, or deploy the version that ran before')
    .action(
      act(
        () => import('./commands/rollout'),
        (m, link, out, id: string, zone: string) => m.rolloutAct(link, out, 'rollback', id, zone, {}),
      ),
    );
}
