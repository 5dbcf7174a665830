#!/bin/bash
# Without --kallsyms, kernel symbols of a recording made on this machine come from the running
# kernel's /proc/kallsyms (perf's rule: the recorded kernel build id matches /sys/kernel/notes).
# Checks, on a cperf recording of a syscall-heavy workload:
#   - `cperf script` names kernel frames with no option, and they equal perf 6.1's;
#   - `cperf report --stdio --no-children -s sym` lists kernel symbols ([k]);
#   - with --symfs (perf then tries no local file) kernel frames are [unknown], as in perf 6.1.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
if ! head -1 /proc/kallsyms >/dev/null 2>&1; then
  echo "SKIP: /proc/kallsyms is not readable"; exit 77
fi
if head -4096 /proc/kallsyms | awk '$1 !~ /^0+$/ {found=1} END {exit found}'; then
  echo "SKIP: kptr_restrict hides /proc/kallsyms addresses ($(cat /proc/sys/kernel/kptr_restrict 2>/dev/null))"
  exit 77
fi

# The workload must have taken samples in the kernel: recorded again, twice as long each time,
# until it has 50 (a busy machine may give it little CPU time).
n=200
for try in 1 2 3 4 5 6; do
  "$CPERF" record -q -g -e cpu-clock -F 2000 -o "$T/k.data" -- \
    sh -c "i=0; while [ \$i -lt $n ]; do cat /proc/self/status >/dev/null; i=\$((i+1)); done" \
    || { echo "FAIL: record"; exit 1; }
  ksamples=$("$CPERF" report -D -i "$T/k.data" 2>/dev/null | grep -c 'PERF_RECORD_SAMPLE(IP, 0x1)')
  [ "$ksamples" -ge 50 ] && break
  echo "note: $ksamples kernel samples from $n runs of cat; recording again"
  n=$((n * 2))
done
[ "$ksamples" -ge 50 ] || { echo "FAIL: the workload took only $ksamples kernel samples in 6 recordings"; exit 1; }

"$CPERF" script -i "$T/k.data" > "$T/c.txt" 2> "$T/c.err" || { echo "FAIL: cperf script"; cat "$T/c.err"; exit 1; }
named=$(grep -c '^\s*[0-9a-f]* [^[].*(\[kernel.kallsyms\])$' "$T/c.txt")
unknown=$(grep -c '\[unknown\] (\[kernel.kallsyms\])$' "$T/c.txt")
[ "$named" -gt 0 ] || { echo "FAIL: no named kernel frames ($unknown unknown)"; head -20 "$T/c.txt"; exit 1; }
[ -s "$T/c.err" ] && { echo "FAIL: cperf script wrote to stderr:"; cat "$T/c.err"; exit 1; }

# perf61_script OUT ARGS...: perf 6.1's script of the recording. perf 6.1 was once seen to abort
# (SIGABRT) on such a recording on a busy machine and not again on the same kind of file; a
# crash of the reference is retried, and kept (tests/out) with its stderr for a look.
perf61_script() {
  local out=$1 try rc; shift
  for try in 1 2 3; do
    "$PERF61" script "$@" -i "$T/k.data" > "$out" 2> "$T/p61.err"; rc=$?
    [ $rc -le 128 ] && return $rc
    mkdir -p tests/out && cp "$T/k.data" tests/out/host_kallsyms.perf61-crash.data &&
      cp "$T/p61.err" tests/out/host_kallsyms.perf61-crash.err
    echo "note: perf 6.1 died of signal $((rc - 128)) (try $try; file and stderr in tests/out/host_kallsyms.perf61-crash.*)"
  done
  return $rc
}
if [ -x "$PERF61" ]; then
  perf61_script "$T/p.txt" || { echo "FAIL: perf 6.1 script: $(tail -2 "$T/p61.err")"; exit 1; }
  if ! diff <(grep '(\[kernel.kallsyms\])$' "$T/c.txt") <(grep '(\[kernel.kallsyms\])$' "$T/p.txt") > "$T/d.txt"; then
    echo "FAIL: kernel frames differ from perf 6.1's:"; head "$T/d.txt"; exit 1
  fi
fi

"$CPERF" report --stdio --no-children -s sym -i "$T/k.data" > "$T/r.txt" 2>/dev/null || { echo "FAIL: cperf report"; exit 1; }
grep -q '\[k\] [a-z_]' "$T/r.txt" || { echo "FAIL: report shows no kernel symbol"; head -30 "$T/r.txt"; exit 1; }

mkdir -p "$T/emptysymfs"
"$CPERF" script --symfs="$T/emptysymfs" -i "$T/k.data" > "$T/s.txt" 2>/dev/null || { echo "FAIL: script --symfs"; exit 1; }
if grep -q '^\s*[0-9a-f]* [^[].*(\[kernel.kallsyms\])$' "$T/s.txt"; then
  echo "FAIL: kernel symbols resolved although --symfs was given"; exit 1
fi
if [ -x "$PERF61" ]; then
  perf61_script "$T/ps.txt" --symfs="$T/emptysymfs"
  diff <(grep '(\[kernel.kallsyms\])$' "$T/s.txt") <(grep '(\[kernel.kallsyms\])$' "$T/ps.txt") >/dev/null \
    || { echo "FAIL: with --symfs, kernel frames differ from perf 6.1's"; exit 1; }
fi
echo "PASS: $named named kernel frames from /proc/kallsyms ($unknown unknown)"
