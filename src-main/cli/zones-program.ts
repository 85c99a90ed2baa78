/**
 * The `zonedeck zones …` subcommands that change zones: add, set-url, rename, remove, import and
 * export. Kept beside the command table (program.ts), which lists them under `zones`.
 */
import { type Command, Option } from 'commander';
import type { AgentLink } from './link';
import type { Output } from './output';
import type { ZoneAddFlags } from './commands/zones-manage';

/** program.ts's wrapper: loads the command's module, opens the agent, runs the body, closes it. */
export type Act = <M, A extends unknown[]>(
  load: () => Promise<M>,
  body: (m: M, link: AgentLink, out: Output, ...args: A) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

const repeat = (v: string, prev: string[] = []) => [...prev, v];

export function addZoneCommands(zones: Command, act: Act): void {
  zones
    .command('add <name> <url>')
    .summary('add a zone by its name and API address')
    .description('Adds a zone, as the window\'s "Add zone" does: https unless on this machine, one zone per address.')
    .option('--group <group>', 'put it in a group (login --group signs in to all of them)')
    .option('--protected', 'ask for its name before anything is removed or deleted in it')
    .option('--colour <colour>', 'its colour, #rrggbb (default: the next free one)')
    .addOption(new Option('--color <colour>').hideHelp())
    .option('--ca-file <path>', 'a private CA certificate (PEM) the zone is signed by')
    .action(
      act(
        () => import('./commands/zones-manage'),
        (m, link, out, name: string, url: string, f: ZoneAddFlags & { color?: string }) =>
          m.zonesAddCommand(link, out, name, url, { ...f, ...(f.color && !f.colour ? { colour: f.color } : {}) }),
      ),
    );

  zones
    .command('set-url <name> <url>')
    .summary('point a zone at another address')
    .description(
      'Re-points a zone. What Zonedeck learned from the old address (field names) is forgotten; a new\n' +
        'origin also forgets the sign-in. Fields you chose with `zonedeck fields` are kept.',
    )
    .action(
      act(
        () => import('./commands/zones-manage'),
        (m, link, out, name: string, url: string) => m.zonesSetUrlCommand(link, out, name, url),
      ),
    );

  zones
    .command('rename <name> <new-name>')
    .summary('rename a zone (its sign-in and settings stay)')
    .action(
      act(
        () => import('./commands/zones-manage'),
        (m, link, out, name: string, next: string) => m.zonesRenameCommand(link, out, name, next),
      ),
    );

  zones
    .command('remove <name>')
    .summary('remove a zone and sign out of it')
    .description(
      'Removes a zone and ends its session. A protected zone asks for its name on a terminal;\n' +
        'a script gives it with --confirm <name>.',
    )
    .option('--confirm <name>', "the zone's name, to remove a protected zone without a question")
    .action(
      act(
        () => import('./commands/zones-manage'),
        (m, link, out, name: string, f: { confirm?: string }) => m.zonesRemoveCommand(link, out, name, f),
      ),
    );

  zones
    .command('import <file>')
    .summary('add the zones of a zones file (all or nothing; - reads stdin)')
    .description(
      'Adds the zones of a zones file (see the README) and updates those of the same name and address.\n' +
        'All or nothing: an entry that cannot be imported, or a zone of that name at another address not\n' +
        'named with --take, stops the import before anything changes.',
    )
    .option('--take <name>', 're-point this zone to the address in the file (repeatable)', repeat)
    .action(
      act(
        () => import('./commands/zones-file'),
        (m, link, out, file: string, f: { take?: string[] }) => m.zonesImportCommand(link, out, file, f),
      ),
    );

  zones
    .command('export [file]')
    .summary('write the zones file (stdout when no file; written 0600)')
    .description('Names, addresses, colours, groups and shared fields; never a secret or a sandbox zone.')
    .option('--replace', 'write over the file if it exists')
    .action(
      act(
        () => import('./commands/zones-file'),
        (m, link, out, file: string | undefined, f: { replace?: boolean }) => m.zonesExportCommand(link, out, file, f),
      ),
    );
}
