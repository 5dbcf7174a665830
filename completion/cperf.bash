# Bash completion for cperf, and for `perf` when it is cperf (make install PERF_ALIAS=1).
# Everything offered comes from cperf itself:
#   cperf --list-cmds / --list-opts        the commands and the options before a command
#   cperf CMD --list-opts                  CMD's long options (perf 7.2's list)
#   cperf CMD --list-cmds                  CMD's subcommands (`data convert`, `check feature`)
#   cperf list --raw-dump                  event names, after -e/--event of record, stat, top
# A word starting with --no- is completed with the negated forms of CMD's options too
# (perf takes --no-X for its options; its lists name only X). Anything else (file names,
# option values) is left to bash's default completion.

# The words in $1 that start with the current word, one per COMPREPLY entry.
_cperf_offer() {
  local IFS=$'\n'
  COMPREPLY=($(IFS=$' \t\n' compgen -W "$1" -- "$2"))
}

_cperf_complete() {
  local prog=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  # The command (the first word that is not an option or an option's value) and, for a
  # command that has them, its subcommand.
  local i w cmd= sub= subs=
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    if [ -z "$cmd" ]; then
      case $w in
        --buildid-dir | --debug | --debug-file) ((i++)) ;;  # these take the next word
        -*) ;;
        *) cmd=$w; subs=$("$prog" "$cmd" --list-cmds 2> /dev/null) ;;
      esac
    elif [ -z "$sub" ] && [[ $w != -* && " $subs " == *" $w "* ]]; then
      sub=$w
    fi
  done
  if [ -z "$cmd" ]; then
    if [[ $cur == -* ]]; then
      _cperf_offer "$("$prog" --list-opts 2> /dev/null)" "$cur"
    else
      _cperf_offer "$("$prog" --list-cmds 2> /dev/null)" "$cur"
    fi
    return 0
  fi
  if [[ ($prev == -e || $prev == --event) && $cmd =~ ^(record|stat|top)$ ]]; then
    _cperf_offer "$("$prog" list --raw-dump 2> /dev/null)" "$cur"
    # bash splits words at ':'; offer only what follows the part already typed.
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
      local done_part=${cur%"${cur##*:}"}
      for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$done_part"}; done
    fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    local opts o
    # shellcheck disable=SC2086 # $sub is empty or one word
    opts=$("$prog" "$cmd" $sub --list-opts 2> /dev/null)
    if [[ $cur == --no-* ]]; then
      for o in $opts; do [[ $o == --no-* ]] || opts+=" --no-${o#--}"; done
    fi
    _cperf_offer "$opts" "$cur"
  elif [ -n "$subs" ] && [ -z "$sub" ]; then
    _cperf_offer "$subs" "$cur"
  fi
  return 0
}

complete -o bashdefault -o default -F _cperf_complete cperf perf
