import { Argument, type Command } from 'commander';

interface CommandPath {
  path: string[];
  subcommands: string[];
  options: string[];
}

function walk(command: Command, path: string[] = []): CommandPath[] {
  const here: CommandPath = {
    path,
    subcommands: command.commands.map((child) => child.name()),
    options: command.options.flatMap((option) =>
      [option.long, option.short].filter((flag): flag is string => Boolean(flag)),
    ),
  };
  return [here, ...command.commands.flatMap((child) => walk(child, [...path, child.name()]))];
}

function bashScript(paths: CommandPath[]): string {
  const cases = paths
    .map(
      (entry) =>
        `    "${entry.path.join(' ')}") words="${[...entry.subcommands, ...entry.options, '--help'].join(' ')}" ;;`,
    )
    .join('\n');
  return `# svc completion for bash: source <(svc completion bash)
_svc() {
  local current="\${COMP_WORDS[COMP_CWORD]}" path="" word
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in -*) ;; *) if [ -n "$(_svc_words "\${path:+$path }$word")" ]; then path="\${path:+$path }$word"; fi ;; esac
  done
  COMPREPLY=( $(compgen -W "$(_svc_words "$path")" -- "$current") )
}
_svc_words() {
  local words=""
  case "$1" in
${cases}
  esac
  echo "$words"
}
complete -F _svc svc
`;
}

function zshScript(paths: CommandPath[]): string {
  return `#compdef svc
# svc completion for zsh: source <(svc completion zsh)
autoload -U bashcompinit && bashcompinit
${bashScript(paths)}`;
}

function fishScript(paths: CommandPath[]): string {
  const lines = paths.flatMap((entry) => {
    const condition = entry.path.length
      ? `__fish_seen_subcommand_from ${entry.path[entry.path.length - 1]}`
      : '__fish_use_subcommand';
    return [
      ...entry.subcommands.map((name) => `complete -c svc -f -n '${condition}' -a ${name}`),
      ...entry.options
        .filter((flag) => flag.startsWith('--'))
        .map((flag) => `complete -c svc -f -n '${condition}' -l ${flag.slice(2)}`),
    ];
  });
  return `# svc completion for fish: svc completion fish | source\n${lines.join('\n')}\n`;
}

const generators = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** `svc completion bash|zsh|fish`: a shell completion script generated from the command tree itself. */
export function addCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(generators)))
    .addHelpText('after', '\nExample:\n  $ source <(svc completion bash)')
    .action((shell: keyof typeof generators) => {
      process.stdout.write(generators[shell](walk(program)));
    });
}
