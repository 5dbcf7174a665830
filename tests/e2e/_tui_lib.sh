# Drives a report browser in a detached tmux terminal of 150x30 and captures its screens
# (text only, the help line left out: perf's shows a random tip).
#   tui_screens OUT_PREFIX CMD...   writes OUT_PREFIX.first, .unfold, .nav
tui_wait() {  # until the title line shows (the browser is up), at most ~60 s
  local i
  for i in $(seq 1 300); do
    tmux capture-pane -p -t "$TUI_SESSION" 2>/dev/null | head -1 | grep -q '^Samples:' && return 0
    sleep 0.2
  done
  return 1
}
# tui_capture OUT [BEFORE]: the screen once it has changed from the file BEFORE (a key was
# handled; at most ~30 s) and then stayed the same over 3 captures 0.2 s apart: a busy machine
# may handle keys and redraw late, so no fixed wait is long enough.
tui_capture() {
  local prev= cur same=0 i
  for i in $(seq 1 150); do
    cur=$(tmux capture-pane -p -t "$TUI_SESSION" | head -29)
    [ -n "${2:-}" ] && [ "$cur" = "$(cat "$2")" ] && { sleep 0.2; continue; }
    if [ "$cur" = "$prev" ]; then
      same=$((same + 1)); [ $same -ge 3 ] && break
    else
      same=0
    fi
    prev=$cur; sleep 0.2
  done
  printf '%s\n' "$cur" > "$1"
}
tui_screens() {
  local out=$1; shift
  TUI_SESSION=tui$$
  tmux kill-session -t "$TUI_SESSION" 2>/dev/null || true
  tmux new-session -d -s "$TUI_SESSION" -x 150 -y 30 "$(printf '%q ' "$@"); echo EXIT=\$?; sleep 30" || return 1
  tui_wait || { tmux kill-session -t "$TUI_SESSION"; return 1; }
  tui_capture "$out.first"
  tmux send-keys -t "$TUI_SESSION" +; tui_capture "$out.unfold" "$out.first"
  # The terminal keeps the keys in order; the screen is taken once all are handled.
  tmux send-keys -t "$TUI_SESSION" + Down Down NPage End PPage Up
  tui_capture "$out.nav" "$out.unfold"
  tmux send-keys -t "$TUI_SESSION" q
  tui_exited() { tmux capture-pane -p -t "$TUI_SESSION" | grep -o "EXIT=[0-9]*" > "$out.exit"; }
  for i in $(seq 1 150); do tui_exited && break; sleep 0.2; done
  tmux kill-session -t "$TUI_SESSION" 2>/dev/null || true
  return 0
}
