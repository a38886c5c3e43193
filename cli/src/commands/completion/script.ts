// Completion scripts. Every shell gets the same table as two functions (`case` in bash and
// zsh, `switch` in fish) and a small driver that finds the command path typed so far and
// offers what may follow it: an option's choices after that option, files after an option
// that takes any value, otherwise the subcommands and options.
import type { CompletionTable } from './tree.js';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function caseFunction(name: string, entries: Iterable<[string, string[]]>): string {
  const cases = [...entries].map(([key, list]) => `    ${quote(key)}) echo ${quote(list.join(' '))} ;;`);
  return [`${name}() {`, '  case "$1" in', ...cases, '    *) return 1 ;;', '  esac', '}'].join('\n');
}

function tableFunctions({ words, values }: CompletionTable): string {
  return [caseFunction('__whctl_words', words), caseFunction('__whctl_values', values)].join('\n\n');
}

export function bashScript(table: CompletionTable): string {
  return `# bash completion for whctl. Load it with: source <(whctl completion bash)
# or save it as a file in /etc/bash_completion.d/ or ~/.local/share/bash-completion/completions/whctl.

${tableFunctions(table)}

_whctl() {
  local cmdpath="" next i choices
  for ((i = 1; i < COMP_CWORD; i++)); do
    next="\${cmdpath:+$cmdpath }\${COMP_WORDS[i]}"
    __whctl_words "$next" >/dev/null && cmdpath="$next"
  done
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if choices=$(__whctl_values "$cmdpath $prev"); then
    # An empty list means any value: leave it to bash's default (file names).
    [[ -n "$choices" ]] && COMPREPLY=($(compgen -W "$choices" -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -W "$(__whctl_words "$cmdpath")" -- "$cur"))
}

complete -o default -F _whctl whctl
`;
}

export function zshScript(table: CompletionTable): string {
  return `#compdef whctl
# zsh completion for whctl. Load it with: source <(whctl completion zsh)  (after compinit)
# or save it as _whctl in a directory of your $fpath.

${tableFunctions(table)}

_whctl() {
  local cmdpath="" next i choices
  for ((i = 2; i < CURRENT; i++)); do
    next="\${cmdpath:+$cmdpath }\${words[i]}"
    __whctl_words "$next" >/dev/null && cmdpath="$next"
  done
  if choices=$(__whctl_values "$cmdpath \${words[CURRENT-1]}"); then
    if [[ -n "$choices" ]]; then compadd -- \${=choices}; else _files; fi
    return
  fi
  compadd -- \${=$(__whctl_words "$cmdpath")}
}

# Autoloaded from $fpath this file is the body of _whctl; sourced, it registers it.
if [[ "\${funcstack[1]}" == "_whctl" ]]; then _whctl "$@"; else compdef _whctl whctl; fi
`;
}

function fishSwitch(name: string, entries: Iterable<[string, string[]]>): string {
  const cases = [...entries].map(([key, list]) =>
    [`    case ${quote(key)}`, ...(list.length ? [`      printf '%s\\n' ${list.map(quote).join(' ')}`] : [])].join(
      '\n',
    ),
  );
  return [`function ${name}`, '  switch $argv[1]', ...cases, "    case '*'", '      return 1', '  end', 'end'].join(
    '\n',
  );
}

export function fishScript({ words, values }: CompletionTable): string {
  return `# fish completion for whctl. Load it with: whctl completion fish | source
# or save it as ~/.config/fish/completions/whctl.fish.

${fishSwitch('__whctl_words', words)}

${fishSwitch('__whctl_values', values)}

function __whctl_complete
  set -l typed (commandline -opc)
  set -l cmdpath ''
  for word in $typed[2..-1]
    set -l next (string trim -- "$cmdpath $word")
    __whctl_words $next >/dev/null; and set cmdpath $next
  end
  set -l choices (__whctl_values "$cmdpath $typed[-1]")
  if test $status -eq 0
    # No choices means any value: offer file names, as bash and zsh do.
    if test (count $choices) -gt 0; printf '%s\\n' $choices; else; __fish_complete_path (commandline -ct); end
    return
  end
  __whctl_words $cmdpath
end

complete -c whctl -f -a '(__whctl_complete)'
`;
}
