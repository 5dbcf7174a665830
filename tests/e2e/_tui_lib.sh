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
tui_capture() { sleep 1; tmux capture-pane -p -t "$TUI_SESSION" | head -29 > "$1"; }
tui_screens() {
  local out=$1; shift
  TUI_SESSION=tui$$
  tmux kill-session -t "$TUI_SESSION" 2>/dev/null || true
  tmux new-session -d -s "$TUI_SESSION" -x 150 -y 30 "$(printf '%q ' "$@"); echo EXIT=\$?; sleep 30" || return 1
  tui_wait || { tmux kill-session -t "$TUI_SESSION"; return 1; }
  tui_capture "$out.first"
  tmux send-keys -t "$TUI_SESSION" +; tui_capture "$out.unfold"
  tmux send-keys -t "$TUI_SESSION" +
  for k in Down Down NPage End PPage Up; do tmux send-keys -t "$TUI_SESSION" "$k"; sleep 0.3; done
  tui_capture "$out.nav"
  tmux send-keys -t "$TUI_SESSION" q; sleep 1
  tmux capture-pane -p -t "$TUI_SESSION" | grep -o "EXIT=[0-9]*" > "$out.exit" || true
  tmux kill-session -t "$TUI_SESSION" 2>/dev/null || true
  return 0
}
