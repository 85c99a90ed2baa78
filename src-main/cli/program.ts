/**
 * The command table of `zonedeck`: names, arguments, flags and help, one place. Each action opens
 * the agent (shared or standalone), runs its command module, and closes it again.
 */
import { Command, Option } from 'commander';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, type LogLevel } from '../agent/log';
import { defaultDataDir } from '../agent/paths';
import { EXIT_HELP } from './exit-codes';
import type { AgentLink } from './link';
import { createOutput, type Output } from './output';
import { connect } from './connect';
import { storageNotice } from './storage-notice';
import { running } from './run-state';
import { type Act, addZoneCommands } from './zones-program';
import type { KubeconfigFlags } from './commands/kubeconfig';
import type { ApiFlags } from './commands/api';
import type { LoginFlags } from './commands/login';
import type { RunFlags } from './commands/run';
import { addRolloutCommands } from './rollout-program';
import { mark } from '../agent/marks';

interface GlobalFlags {
  json?: boolean;
  dataDir?: string;
  standalone?: boolean;
  logLevel: LogLevel;
  keychainService?: string;
}

export function buildProgram(version: string): Command {
  // Set before the commands are added, so each of them inherits it: a usage error throws (exit 2
  // in main.ts) rather than exiting 1 from inside commander, and reads like every other error.
  const program = new Command('zonedeck').exitOverride().configureOutput({
    outputError: (text, write) => write(`zonedeck: ${text.replace(/^error: /, '')}`),
  });

  // Each command's code is its own module, loaded as the agent is reached (a command loads only
  // its own: the table of every command's code was ~half of a warm command's module load, #39).
  const act: Act =
    <M, A extends unknown[]>(
      load: () => Promise<M>,
      body: (m: M, link: AgentLink, out: Output, ...args: A) => Promise<void>,
    ) =>
    async (...args: unknown[]) => {
      const cmd = args.at(-1) as Command;
      const g = cmd.optsWithGlobals<GlobalFlags>();
      const out = createOutput(g.json ?? false);
      mark('cli.parsed');
      const code = load();
      code.catch(() => undefined); // a failure is thrown where it is awaited
      const dataDir = g.dataDir ?? defaultDataDir();
      await storageNotice(dataDir);
      const link = await connect({
        dataDir,
        version,
        logLevel: g.logLevel,
        standalone: g.standalone ?? false,
        ...(g.keychainService ? { keychainService: g.keychainService } : {}),
      });
      running.link = link;
      mark(`link.${link.mode}`);
      try {
        await body(await code, link, out, ...(args.slice(0, -1) as A));
        mark('command.done');
      } finally {
        running.link = undefined;
        await link.close();
        mark('link.closed');
      }
    };

  program
    .version(version, '-V, --version')
    .description(
      'Zonedeck from the terminal: the same zones, sign-ins and file rules as the app.\n' +
        'Talks to the running app when there is one, else runs its agent here on the same data folder and keychain.',
    )
    .option('--json', 'print results as JSON (for scripts)')
    .option('--data-dir <dir>', "the app's data folder (default: the app's own)")
    .option('--standalone', "never use the running app's agent")
    .addOption(
      new Option('--log-level <level>', 'log detail in cli.log').choices(LOG_LEVELS).default(DEFAULT_LOG_LEVEL),
    )
    .addOption(new Option('--keychain-service <name>').hideHelp())
    .showSuggestionAfterError(true)
    .addHelpText(
      'after',
      `
Examples:
  zonedeck zones
  zonedeck login eu-1
  eval "$(zonedeck kubeconfig eu-1/demo)"
  zonedeck grab demo eu
  zonedeck api eu-1 containers.get id=web-1
  zonedeck run eu-1/triage --input '"hello"' --follow --approve

${EXIT_HELP}

NO_COLOR=1 turns colour off. Files are written 0600; no credential is ever printed.`,
    );

  const zones = program
    .command('zones')
    .summary('list zones (health, who is signed in); add, set-url, rename, remove, import, export')
    .description('Every zone with its group, the signed-in user, its health and median latency.')
    .action(
      act(
        () => import('./commands/zones'),
        (m, link, out) => m.zonesCommand(link, out),
      ),
    );
  addZoneCommands(zones, act);

  program
    .command('fields <zone> [kind] [role=field...]')
    .summary("how Zonedeck reads a zone's records: which field is the id, name, state, time")
    .description(
      "The zone's dictionary, as the app's “How Zonedeck reads this zone” shows it: per kind, the field\n" +
        'read for each role and how it is known (inferred, learned, chosen). name=metadata.name chooses a field,\n' +
        "name=Tags[Key=Name].Value reads a tag list's entry; name= forgets the choice; the app and every command\n" +
        'read the zone the same way.',
    )
    .option('--reset', "forget the kind's fields (or every kind's) and infer them again")
    .action(
      act(
        () => import('./commands/fields'),
        (m, link, out, zone: string, kind: string | undefined, sets: string[], f: { reset?: boolean }) =>
          m.fieldsCommand(link, out, zone, kind, sets, f),
      ),
    );

  program
    .command('login [zone]')
    .summary('sign in to a zone (email, password, mailed or authenticator code)')
    .description(
      'Sign in to a zone; the session is kept in the keychain and shared with the app. Where no keychain\n' +
        'answers, --insecure-storage keeps it in a 0600 file instead (every command then says so).',
    )
    .option('--email <email>', 'the account email (asked when absent)')
    .option('--group <group>', 'sign in to every zone of this group')
    .option('--remember', 'remember this device (the next sign-in skips the code)')
    .option('--password-stdin', 'read the password from standard input')
    .option('--insecure-storage', 'no keychain here: keep sign-ins in a 0600 file in the data folder (not encrypted)')
    .option('--client-id <id>', 'sign in as an API client (machine sign-in); its secret from stdin or the env')
    .option(
      '--client-secret-stdin',
      'with --client-id: read the secret from standard input (else ZONEDECK_CLIENT_SECRET)',
    )
    .action(
      act(
        () => import('./commands/login'),
        (m, link, out, zone: string | undefined, f: LoginFlags) => m.loginCommand(link, out, zone, f),
      ),
    );

  program
    .command('logout <zone>')
    .summary('sign out of a zone (and end the session there)')
    .action(
      act(
        () => import('./commands/login'),
        (m, link, out, zone: string) => m.logoutCommand(link, out, zone),
      ),
    );

  program
    .command('kubeconfig <zone/cluster>')
    .summary("write a cluster's kubeconfig and print the export line")
    .description(
      'Writes ~/.kube/zonedeck/<zone>-<cluster>.yaml (mode 0600) and prints `export KUBECONFIG=…`.\n' +
        "With --merge it goes into your kubeconfig (first of KUBECONFIG, else ~/.kube/config) under kubectl's lock, after a backup.",
    )
    .option('--merge', 'merge into your kubeconfig instead')
    .option('--set-current', 'with --merge: make it the current context')
    .option('--stdout', 'print the kubeconfig instead of writing it')
    .option('-o, --output <file>', 'write it to this file (never over an existing one without --replace)')
    .option('--replace', 'with -o: replace the file if it exists')
    .action(
      act(
        () => import('./commands/kubeconfig'),
        (m, link, out, ref: string, f: KubeconfigFlags) => m.kubeconfigCommand(link, out, ref, f),
      ),
    );

  program
    .command('vpn <zone/gateway>')
    .summary("save a VPN gateway's client profile")
    .option('-d, --dir <folder>', 'the folder to save in (default: Downloads)')
    .option('-o, --output <file>', 'save it as this file (never over an existing one)')
    .action(
      act(
        () => import('./commands/vpn'),
        (m, link, out, ref: string, f: { dir?: string; output?: string }) => m.vpnCommand(link, out, ref, f),
      ),
    );

  program
    .command('grab <words...>')
    .summary("the palette's quick grab: a cluster's kubeconfig or a gateway's profile, by a few words")
    .option('--pick <n>', 'take the nth of several matches')
    .action(
      act(
        () => import('./commands/grab'),
        (m, link, out, words: string[], f: { pick?: string }) => m.grabCommand(link, out, words, f),
      ),
    );

  program
    .command('api <zone> <operationId> [param=value...]')
    .summary('call any operation of the route table; JSON out')
    .description(
      'Any operation of the platform API by its id (as in the route table), path parameters as name=value.\n' +
        'Sign-in routes, client secrets and streams are refused, as in the app; a reply carrying a credential\n' +
        '(a kubeconfig, a workspace password) is printed only with --reveal.',
    )
    .option('-q, --query <k=v>', 'a query parameter (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
    .option('-b, --body <json|@file|->', 'the request body: JSON, @file, or - for standard input')
    .option('--reveal', 'print the reply of a route that answers with a credential')
    .action(
      act(
        () => import('./commands/api'),
        (m, link, out, zone: string, op: string, params: string[], f: ApiFlags) =>
          m.apiCommand(link, out, zone, op, params, f),
      ),
    );

  program
    .command('run <zone/workflow>')
    .summary('start a workflow run; --follow exits by how it ended')
    .option('-i, --input <json|@file|->', 'the run input: JSON (else text), @file, or - for standard input')
    .option('-f, --follow', 'follow the steps; exit 0 succeeded, 6 failed, 7 cancelled')
    .option('--approve', 'with --follow: approve a gate when the run waits at one')
    .action(
      act(
        () => import('./commands/run'),
        (m, link, out, ref: string, f: RunFlags) => m.runCommand(link, out, ref, f),
      ),
    );

  program
    .command('logs <zone/container>')
    .summary("a container's output")
    .option('-f, --follow', 'keep printing new lines')
    .option('-n, --tail <lines>', 'how many lines (1-1000)', '200')
    .action(
      act(
        () => import('./commands/logs'),
        (m, link, out, ref: string, f: { follow?: boolean; tail?: string }) => m.logsCommand(link, out, ref, f),
      ),
    );

  program
    .command('console <zone/container>')
    .summary("a container's console in this terminal (Ctrl-] leaves)")
    .option('--microvm', 'a microVM rather than a container')
    .action(
      act(
        () => import('./commands/console'),
        (m, link, out, ref: string, f: { microvm?: boolean }) => m.consoleCommand(link, out, ref, f),
      ),
    );

  program
    .command('open <place>')
    .summary('open the app at <zone>/<section>[/<id>] or a zonedeck:// link')
    .action(
      act(
        () => import('./commands/open'),
        (m, link, out, place: string) => m.openCommand(link, out, place),
      ),
    );

  addRolloutCommands(program, act);

  program
    .command('completion <shell>')
    .summary('print a completion script for bash, zsh or fish')
    .action(async (shell: string) => {
      const { completionScript } = await import('./commands/completion');
      process.stdout.write(completionScript(program, shell));
    });

  return program;
}
