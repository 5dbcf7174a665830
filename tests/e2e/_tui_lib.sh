# Drives a report browser in a detached tmux terminal and captures its screens as a user sees
# them: `capture-pane -e` keeps colours and reverse video. The bottom line is left out (perf
# shows a random tip there). The tmux server is a private one (-L, no config file) and the
# terminal type is fixed, so neither the user's tmux nor $TERM changes what is drawn.
#   tui_screens OUT WxH STEPS CMD...
# STEPS: the keys of each step (tmux key names) separated by ','; the screen before the first
# key and after each step go to OUT, each after a "--- screen N: KEYS" line; OUT.exit gets
# EXIT=<status> after a final 'q'. A step written "=KEYS" leaves perf's screen as it was (a
# PgDn at the end, a search with no further match): its screen is taken once it is settled,
# without waiting for a change that does not come.
TUI_SOCKET=cperf-tui-$$
_tui() { tmux -L "$TUI_SOCKET" -f /dev/null "$@"; }
# tui_grab H: the screen now, without its last line (lines 0 to H-2: one process per capture)
_tui_grab() { _tui capture-pane -p -e -S 0 -E "$(($1 - 2))" -t tui; }
# tui_capture H [BEFORE]: the screen once it differs from BEFORE (a key was handled; at most
# ~60 s) and then stayed the same over 2 more captures 0.2 s apart: a busy machine may handle
# keys and redraw late, so no fixed wait is long enough.
_tui_capture() {
  local prev= cur same=0 i
  for i in $(seq 1 300); do
    cur=$(_tui_grab "$1")
    [ -n "${2+x}" ] && [ "$cur" = "$2" ] && { sleep 0.2; continue; }
    if [ -n "$cur" ] && [ "$cur" = "$prev" ]; then
      same=$((same + 1)); [ $same -ge 2 ] && break
    else
      same=0
    fi
    prev=$cur; sleep 0.2
  done
  printf '%s\n' "$cur"
}
tui_screens() {
  local out=$1 size=$2 steps=$3 i n=0 screen step changes; shift 3
  local w=${size%x*} h=${size#*x}
  _tui kill-server 2>/dev/null || true
  _tui new-session -d -s tui -x "$w" -y "$h" \
    "env TERM=tmux-256color $(printf '%q ' "$@"); echo EXIT=\$?; sleep 60" || return 1
  # up once the title bar has text
  for i in $(seq 1 300); do
    _tui capture-pane -p -t tui 2>/dev/null | head -1 | grep -q '[A-Za-z]' && break
    sleep 0.2
  done
  screen=$(_tui_capture "$h")
  { echo "--- screen 0:"; printf '%s\n' "$screen"; } > "$out"
  IFS=, read -r -a step_list <<< "$steps"
  for step in "${step_list[@]}"; do
    n=$((n + 1))
    changes=1
    [ "${step#=}" != "$step" ] && { step=${step#=}; changes=0; }
    # shellcheck disable=SC2086  # a step's keys are words
    _tui send-keys -t tui $step
    if [ $changes = 1 ]; then screen=$(_tui_capture "$h" "$screen"); else screen=$(_tui_capture "$h"); fi
    { echo "--- screen $n: $step"; printf '%s\n' "$screen"; } >> "$out"
  done
  _tui send-keys -t tui q
  for i in $(seq 1 300); do
    _tui capture-pane -p -t tui | grep -o "EXIT=[0-9]*" > "$out.exit" && break
    sleep 0.2
  done
  _tui kill-server 2>/dev/null || true
  return 0
}
# The scenarios the test and the goldens share: name, terminal size, file, steps.
#  nav: no row selected at first, the first Down selects the first row, '+' unfolds the
#       selected entry, then moving about (the scroll bar).
#  menu: Enter's menu, zoom into the thread and out (ESC), into the DSO and out, the help
#       window (any key closes it), ESC's "Do you really want to exit?" answered no.
#  events: the event menu of a file with two events, browsing one and back, TAB to the next.
#  annotate-call: 'a' on `level`: its
#       annotate browser, moving, Enter on a call (the callee's browser), moving, PgDn, 'H',
#       ESC back to the caller, the help window, q back to the histogram.
#  annotate-hot: 'a' on the hottest symbol, moving, PgDn, 'H', the help window, q.
#  annotate-keys: 'a' on `level`, Home, '/' (perf's search window; typing, Backspace) and
#       Enter, 'n' twice, '?' and a string found backwards, a string not found, 'J' (jump
#       counts), 'O' twice (offsets of calls, of every line), 'p' and 'b' (percent types), '>'.
#  map: the Enter menu's "Browse map details" on `level`: the dso's symbols, moving, End,
#       '/' (perf's warning: it searches only with -v), ESC closes it, Up, ESC back.
#  annotate-raw: 'a' on `level`, 'o' (objdump's addresses and operands), 'J', Up, 'o' back,
#       't', 'o' again (periods), '<'.
#  annotate-full: 'a' on `level`, 'o', 'f' (the dso's addresses), Up, 'o' and 'f' back, 'J', q.
#  annotate-search: 'a' on the hottest symbol, '/' for a jump, 'n' twice, '?' for a compare,
#       'n' backwards, 'J', 'O', 't' (periods), 'p', '<'.
TUI_NAV_STEPS='Down,Down +,+ Down NPage End PPage Up'
TUI_MENU_STEPS='Enter,Enter,Escape,Enter Down Enter,Escape,h,Escape,Escape,Escape'
TUI_EVENT_STEPS='Down,Enter,Escape,Up Enter,Tab,Escape,Escape,Escape'
TUI_ANNOTATE_CALL_STEPS='Down Down Down,a,Down,Up Up Up,Enter,Down Down Down,=NPage,H,Escape,h,Escape,q'
TUI_ANNOTATE_HOT_STEPS='Down Down Down Down,a,Down Down Down,=NPage,H,Tab,h,Escape,q'
TUI_ANNOTATE_KEYS_STEPS='Down Down Down,a,Home,Home,/,c a l x BSpace l,Enter,n,n,?,s i n k,Enter,/,x y z,Enter,J,O,O,p,b,>'
TUI_MAP_STEPS='Down Down Down,Enter,Down Down Down Down,Enter,Down,NPage,End,/,Escape,Up,Escape'
TUI_ANNOTATE_RAW_STEPS='Down Down Down,a,o,J,Up,o,t,o,<'
TUI_ANNOTATE_FULL_STEPS='Down Down Down,a,o,f,Up,o,=f,J,q'
TUI_ANNOTATE_SEARCH_STEPS='Down Down Down Down,a,/,j,Enter,=n,=n,?,c m p,Enter,=n,J,=O,t,p,<'
TUI_CASES=(
  "g 150x30 nav" "g 80x24 nav" "mt 150x30 nav" "mt 80x24 nav"
  "g 150x30 menu" "g 80x24 menu" "mt 150x30 menu" "mt 80x24 menu"
  "two-events 150x30 events" "two-events 80x24 events"
  "g 150x30 annotate-call" "g 80x24 annotate-call" "mt 150x30 annotate-hot" "mt 80x24 annotate-hot"
  "g 150x30 annotate-keys" "g 80x24 annotate-keys" "mt 80x24 annotate-search"
  "g 150x30 annotate-raw" "g 80x24 annotate-raw" "g 150x30 map" "g 80x24 map"
  "g 80x24 annotate-full"
  "g 220x50 nav" "mt 220x50 menu" "two-events 220x50 events" "g 220x50 annotate-keys"
)
tui_steps_of() {
  case $1 in nav) echo "$TUI_NAV_STEPS" ;; menu) echo "$TUI_MENU_STEPS" ;; events) echo "$TUI_EVENT_STEPS" ;;
    annotate-call) echo "$TUI_ANNOTATE_CALL_STEPS" ;; annotate-hot) echo "$TUI_ANNOTATE_HOT_STEPS" ;;
    annotate-keys) echo "$TUI_ANNOTATE_KEYS_STEPS" ;; annotate-search) echo "$TUI_ANNOTATE_SEARCH_STEPS" ;;
    annotate-raw) echo "$TUI_ANNOTATE_RAW_STEPS" ;; map) echo "$TUI_MAP_STEPS" ;;
    annotate-full) echo "$TUI_ANNOTATE_FULL_STEPS" ;; esac
}
