#!/bin/bash
# Deferred user callchains on a real Linux 7.x kernel, under qemu (see boot.sh, kernel.sh).
# In the VM (defer_guest.sh) cperf records the multi-threaded frame-pointer workload with
# `--call-graph fp,defer`, per task, CPU-wide and to a pipe; here we check that
#   - cperf used the kernel's deferral (no fallback message, no feature switched off);
#   - the attrs carry defer_callchain on the sampling event and defer_output on the tracking
#     event only (the sampling event itself when there is no separate dummy:u);
#   - the files hold PERF_RECORD_CALLCHAIN_DEFERRED records (cperf report -D);
#   - cperf script merges them: kernel frames, then the workload's own functions below them;
#   - cperf script --no-merge-callchains shows them apart: "(cookie)" frames and
#     "DEFERRED CALLCHAIN [cookie: ...]" entries whose cookies match;
# and, when the oracle's perf 7.2 root is there, that perf 7.2 (in the same VM) prints the same
# `script` and `script --no-merge-callchains` output as cperf for cperf's files, and cperf the
# same as perf 7.2 for perf 7.2's own `record --call-graph fp,defer` file; evlist -v agrees too,
# and perf 7.2 prints the same machine header lines (cpuid, PMUs, caches, ...) for both files.
source "$(dirname "$0")/_lib.sh"
vm_prepare
bash tests/workloads/build.sh "$T/wl" >/dev/null 2>&1 || vm_skip "cannot build the static test workloads"

args=(-t "${CPERF_VM_TIMEOUT:-300}" -b "$CPERF=/usr/bin/cperf" -f "$T/wl/mt=/bench/mt")
[ -n "$PERF7_ROOT" ] && args+=(-P "$PERF7_ROOT")
O=$T/out
bash "$VM_DIR/boot.sh" "${args[@]}" "$VM_KERNEL" "$VM_DIR/defer_guest.sh" "$O" > "$T/boot.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  echo "FAIL: the VM run ended with status $rc"; tail -30 "$T/boot.log"; exit 1
fi
echo "VM kernel $(cat "$O/uname.txt"); perf 7.2 cross-check: $([ -n "$PERF7_ROOT" ] && echo yes || echo no)"

fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
show() { sed 's/^/    /' "$1" | head -"${2:-15}"; }

# Every command in the VM succeeded.
while read -r st out cmd; do
  [ "$st" = 0 ] || { fail "in the VM, exit $st: $cmd"; show "$O/$out.err"; }
done < "$O/status.txt"

# The kernel has the feature: no fallback.
grep -H -e 'deferred callchain' -e 'switching off' "$O"/[cqs].record.err &&
  fail "cperf record fell back although Linux $(cat "$O/uname.txt") has deferred callchains"

# Attr bits, as cperf evlist -v prints them.
attr_line() { grep "^$2:" "$O/$1.cperf-evlist"; }
has() { grep -q "$2: 1" <<< "$1"; }
line=$(attr_line c cpu-clock)
has "$line" defer_callchain && has "$line" defer_output ||
  fail "c.data: cpu-clock should carry defer_callchain and defer_output: $line"
line=$(attr_line s cpu-clock)
has "$line" defer_callchain && ! has "$line" defer_output ||
  fail "s.data: cpu-clock should carry defer_callchain only: $line"
line=$(attr_line s dummy:u)
has "$line" defer_output && ! has "$line" defer_callchain ||
  fail "s.data: dummy:u should carry defer_output only: $line"

# Samples (in blocks) whose kernel frames are followed by user frames that reach the
# workload's recurse ... worker: the merged deferred chain. (The first user frame may be
# libc's syscall wrapper, shown as "(inlined)".)
merged_blocks() {
  awk -v RS= '{
    n = split($0, l, "\n")
    for (i = 2; i < n; i++)
      if (l[i] ~ /\(\[kernel\.kallsyms\]\)$/ && l[i + 1] !~ /kallsyms|\(cookie\)/) {
        rest = ""; for (j = i + 1; j <= n; j++) rest = rest l[j] "\n"
        if (rest ~ / recurse\+/ && rest ~ / worker\+/) { c++; break }
      }
  } END { print c + 0 }' "$1"
}
# Cookies of "(cookie)" frames, and of DEFERRED CALLCHAIN entries that hold recurse frames.
cookie_frames() { awk '$2 == "(cookie)" {print $1}' "$1" | sort -u; }
deferred_entries() {
  awk -v RS= '/DEFERRED CALLCHAIN \[cookie: [0-9a-f]+\]/ && / recurse\+/ {
    match($0, /cookie: [0-9a-f]+/); print substr($0, RSTART + 8, RLENGTH - 8) }' "$1" | sort -u
}

names="c s q"; [ -f "$O/p.data" ] && names="c s q p"
for n in $names; do
  if [ $n = q ]; then  # pipe mode: the merged script is checked
    m=$(merged_blocks "$O/q.cperf-script")
    [ "$m" -ge 5 ] || fail "q.data (pipe): $m merged samples (kernel frames, then mt's recurse...worker)"
    echo "ok: q.data (pipe): script: $m merged samples"
    continue
  fi
  d=$(grep -c 'PERF_RECORD_CALLCHAIN_DEFERRED' "$O/$n.dump")
  [ "$d" -ge 5 ] || fail "$n.data: $d PERF_RECORD_CALLCHAIN_DEFERRED records in report -D (want >= 5)"
  m=$(merged_blocks "$O/$n.cperf-script")
  [ "$m" -ge 5 ] || fail "$n.data: $m merged samples (kernel frames, then mt's recurse...worker)"
  grep -q -e '(cookie)' -e 'DEFERRED CALLCHAIN' "$O/$n.cperf-script" &&
    fail "$n.data: the merged script shows cookies or DEFERRED CALLCHAIN entries"
  e=$(deferred_entries "$O/$n.cperf-nomerge" | wc -l)
  k=$(cookie_frames "$O/$n.cperf-nomerge" | wc -l)
  both=$(comm -12 <(cookie_frames "$O/$n.cperf-nomerge") <(deferred_entries "$O/$n.cperf-nomerge") | wc -l)
  [ "$e" -ge 5 ] && [ "$k" -ge 5 ] && [ "$both" -ge 5 ] ||
    fail "$n.data --no-merge-callchains: $e DEFERRED CALLCHAIN entries, $k cookie frames, $both matching (want >= 5 each)"
  echo "ok: $n.data: $d deferred records; script: $m merged samples; --no-merge-callchains: $e entries, $k cookies ($both matched)"
done

# Known symbol-source difference: perf 7.2 names the slots of a static binary's .plt
# (IRELATIVE relocations) "NAME@plt"; cperf script's ELF symbols have no PLT entries, so it names
# such an address after the symbol before it (_init+0xb0). Prints how many lines differ only so
# (same address and DSO, perf 7.2's name ends in @plt+0x...), or fails if anything else differs.
plt_only_differences() {  # plt_only_differences CPERF_OUT PERF7_OUT
  [ "$(wc -l < "$1")" = "$(wc -l < "$2")" ] || return 1
  awk -v other="$2" '{
    if ((getline o < other) <= 0) exit 1
    if ($0 == o) next
    n = split(o, b, " ")
    if ($1 != b[1] || $NF != b[n] || o !~ /@plt\+0x[0-9a-f]+ /) exit 1
    c++
  } END { print c + 0 }' "$1"
}

if [ -n "$PERF7_ROOT" ]; then
  for n in c s q p; do
    for kind in script nomerge evlist; do
      [ $n = q ] && [ $kind != script ] && continue
      if cmp -s "$O/$n.cperf-$kind" "$O/$n.perf7-$kind"; then
        echo "ok: $n.data $kind: cperf and perf 7.2 agree ($(wc -l < "$O/$n.cperf-$kind") lines)"
      elif k=$(plt_only_differences "$O/$n.cperf-$kind" "$O/$n.perf7-$kind"); then
        echo "ok: $n.data $kind: cperf and perf 7.2 agree ($(wc -l < "$O/$n.cperf-$kind") lines) but for $k static-PLT frame names (known)"
      else
        fail "$n.data $kind: cperf and perf 7.2 differ (< cperf, > perf 7.2):"
        diff "$O/$n.cperf-$kind" "$O/$n.perf7-$kind" > "$T/d.txt"; show "$T/d.txt" 20
      fi
    done
  done
  # Header features that depend on the machine only: perf 7.2 prints them alike for both files.
  # The feature lists match but for build_id (perf 7.2 puts build ids in MMAP2 records) and
  # cpu_domain_info (perf 7.2's scheduler domains, which cperf does not write yet).
  machine_lines() {
    sed -n '/^# cpuid/p; /^# pmu mappings/p; /^# CPU cache info/,/^# [a-z]/{/^#  L/p}
            /^# memory nodes/,+1p; /^# bpf_prog_info/p; /^# btf info/p; /^# cpu pmu capabilities/p
            /^# e_machine/p; /^#   e_flags/p; /^# cacheline size/p; /^# nrcpus/p; /^# arch/p
            /^# missing features/{s/ BUILD_ID / /;s/ CPU_DOMAIN_INFO / /;p}' "$1"
  }
  if diff <(machine_lines "$O/p.perf7-header") <(machine_lines "$O/c.perf7-header") > "$T/h.txt"; then
    echo "ok: perf 7.2 prints the same $(machine_lines "$O/c.perf7-header" | wc -l) machine header lines for cperf's file as for its own"
  else
    fail "perf 7.2's header of cperf's file differs from its own (< perf 7.2's file, > cperf's):"; show "$T/h.txt" 20
  fi
else
  echo "SKIP (part): $(oracle_why_not): cross-check with upstream perf 7.2 not run"
fi

[ -n "${CPERF_VM_KEEP:-}" ] && { rm -rf "$CPERF_VM_KEEP"; cp -r "$O" "$CPERF_VM_KEEP"; echo "outputs kept in $CPERF_VM_KEEP"; }
[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo "PASS"
