import { Argument, type Command } from "commander";

/** The shells {@link addCompletion} writes scripts for. */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** One command of the tree, by its path of names below the program (`""` is the program). */
interface CommandNode {
  path: string;
  command: Command;
}

function walk(command: Command, path = ""): CommandNode[] {
  return [
    { path, command },
    ...command.commands.flatMap((sub) =>
      walk(sub, path === "" ? sub.name() : `${path} ${sub.name()}`),
    ),
  ];
}

function flags(command: Command): string[] {
  return [...command.options.flatMap((option) => [option.long, option.short]), "--help"].filter(
    (flag): flag is string => flag !== undefined,
  );
}

/** Words completed after `node`: its subcommands, its argument choices, its options. */
function words(command: Command): string[] {
  const choices = command.registeredArguments.flatMap((argument) => argument.argChoices ?? []);
  return [...command.commands.map((sub) => sub.name()), ...choices, ...flags(command)];
}

function valueFlags(program: Command): string[] {
  const all = walk(program).flatMap(({ command }) =>
    command.options
      .filter((option) => option.required || option.optional)
      .flatMap((option) => [option.long, option.short]),
  );
  return [...new Set(all.filter((flag): flag is string => flag !== undefined))];
}

function functionName(name: string): string {
  return `_${name.replace(/[^A-Za-z0-9]/g, "_")}_completion`;
}

/**
 * A bash completion function: it follows the words typed so far down the command tree (skipping
 * options and the values of options that take one) and offers that command's words.
 */
export function bashCompletion(program: Command): string {
  const name = program.name();
  const fn = functionName(name);
  const nodes = walk(program);
  const cases = nodes.map(
    ({ path, command }) => `    "${path}") words="${words(command).join(" ")}" ;;`,
  );
  const paths = nodes.map(({ path }) => `"${path}"`).join("|");
  const skipValue = valueFlags(program).join("|");
  return `# bash completion for ${name}: eval "$(${name} completion bash)"
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word skip="" words="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if [[ -n "$skip" ]]; then skip=""; continue; fi
    case "$word" in
${skipValue === "" ? "" : `      ${skipValue}) skip=1 ;;\n`}      -*) ;;
      *) case "\${path:+$path }$word" in ${paths}) path="\${path:+$path }$word" ;; esac ;;
    esac
  done
  [[ -n "$skip" ]] && return 0
  case "$path" in
${cases.join("\n")}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F ${fn} ${name}
`;
}

/** zsh runs the bash function through its bash compatibility layer. */
export function zshCompletion(program: Command): string {
  return `# zsh completion for ${program.name()}: eval "$(${program.name()} completion zsh)"
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashCompletion(program).split("\n").slice(1).join("\n")}`;
}

function fishQuote(text: string): string {
  return `'${text.replace(/[\\']/g, "\\$&")}'`;
}

/** fish `complete` lines: subcommands where their parent was typed last, options per command. */
export function fishCompletion(program: Command): string {
  const name = program.name();
  const lines = [`# fish completion for ${name}: ${name} completion fish | source`];
  for (const { path, command } of walk(program)) {
    const parent = path.split(" ").at(-1) ?? "";
    const where = path === "" ? "__fish_use_subcommand" : `__fish_seen_subcommand_from ${parent}`;
    for (const sub of command.commands) {
      lines.push(
        `complete -c ${name} -f -n ${fishQuote(where)} -a ${sub.name()} -d ${fishQuote(sub.description())}`,
      );
    }
    for (const option of command.options) {
      const long = option.long ? ` -l ${option.long.replace(/^--/, "")}` : "";
      const short = option.short ? ` -s ${option.short.replace(/^-/, "")}` : "";
      const value = option.required || option.optional ? " -r" : "";
      const scope = path === "" ? "" : ` -n ${fishQuote(where)}`;
      lines.push(
        `complete -c ${name}${scope}${long}${short}${value} -d ${fishQuote(option.description)}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

const SCRIPTS: Record<CompletionShell, (program: Command) => string> = {
  bash: bashCompletion,
  zsh: zshCompletion,
  fish: fishCompletion,
};

/**
 * Adds `completion bash|zsh|fish` to `program`: it prints a completion script generated from the
 * program's commands, options and argument choices at the time it runs (so commands added later
 * are included), through the program's configured output.
 */
export function addCompletion(program: Command): Command {
  program
    .command("completion")
    .description("print a shell completion script")
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(COMPLETION_SHELLS))
    .addHelpText(
      "after",
      `
Examples:
  eval "$(${program.name()} completion bash)"   # in ~/.bashrc
  eval "$(${program.name()} completion zsh)"    # in ~/.zshrc
  ${program.name()} completion fish > ~/.config/fish/completions/${program.name()}.fish`,
    )
    .action((shell: CompletionShell) => {
      program.configureOutput().writeOut?.(SCRIPTS[shell](program));
    });
  return program;
}
