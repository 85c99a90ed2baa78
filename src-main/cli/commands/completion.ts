/**
 * `zonedeck completion bash|zsh|fish`: a completion script for the shell, made from the command
 * table itself, so a new command or flag completes without anyone editing a script.
 */
import type { Command } from 'commander';
import { CliError } from '../cli-error';
import { EXIT } from '../exit-codes';

interface Entry {
  name: string;
  about: string;
  flags: string[];
}

function entries(program: Command): Entry[] {
  return program.commands.map((c) => ({
    name: c.name(),
    about: c.summary() || c.description().split('\n')[0] || '',
    flags: c.options.filter((o) => !o.hidden).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)),
  }));
}

const globalFlags = (program: Command) =>
  program.options
    .filter((o) => !o.hidden)
    .flatMap((o) => [o.long, o.short].filter((f): f is string => !!f))
    .concat(['--help']);

function bash(program: Command): string {
  const list = entries(program);
  const cases = list.map((e) => `    ${e.name}) flags="${[...e.flags, '--help'].join(' ')}" ;;`).join('\n');
  return `# zonedeck completion for bash: source <(zonedeck completion bash)
_zonedeck() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd="\${COMP_WORDS[1]}" flags
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${list.map((e) => e.name).join(' ')} ${globalFlags(program).join(' ')}" -- "$cur"))
    return
  fi
  case "$cmd" in
${cases}
    *) flags="" ;;
  esac
  COMPREPLY=($(compgen -W "$flags ${globalFlags(program).join(' ')}" -- "$cur"))
}
complete -o default -F _zonedeck zonedeck
`;
}

function zsh(program: Command): string {
  const list = entries(program);
  const described = list
    .map((e) => `    '${e.name}:${e.about.replaceAll("'", "'\\''").replaceAll(':', '\\:')}'`)
    .join('\n');
  const cases = list
    .map((e) => `    ${e.name}) _values 'flag' ${[...e.flags, '--help'].map((f) => `'${f}'`).join(' ')} ;;`)
    .join('\n');
  return `#compdef zonedeck
# zonedeck completion for zsh: zonedeck completion zsh > "\${fpath[1]}/_zonedeck"
_zonedeck() {
  local -a commands
  commands=(
${described}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[2]" in
${cases}
  esac
}
compdef _zonedeck zonedeck
`;
}

function fish(program: Command): string {
  const lines = ['# zonedeck completion for fish: zonedeck completion fish > ~/.config/fish/completions/zonedeck.fish'];
  lines.push('complete -c zonedeck -f');
  for (const e of entries(program)) {
    lines.push(`complete -c zonedeck -n __fish_use_subcommand -a ${e.name} -d '${e.about.replaceAll("'", "\\'")}'`);
    for (const f of e.flags.filter((x) => x.startsWith('--')))
      lines.push(`complete -c zonedeck -n '__fish_seen_subcommand_from ${e.name}' -l ${f.slice(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(program: Command, shell: string): string {
  if (shell === 'bash') return bash(program);
  if (shell === 'zsh') return zsh(program);
  if (shell === 'fish') return fish(program);
  throw new CliError(`Completion is made for bash, zsh and fish, not “${shell}”.`, EXIT.usage, 'invalid_input');
}
