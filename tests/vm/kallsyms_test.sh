#!/bin/bash
# Kernel symbols from the running kernel's /proc/kallsyms, on whichever Linux 7.x kernel
# kernel.sh provides (no fixture of a particular kernel build is needed):
#  1. first boot: cperf (and perf 7.2, when the oracle is there) record a workload with kernel
#     frames;
#  2. second boot of the same kernel, normally at another KASLR offset: cperf, without
#     --kallsyms, must find the kernel's symbols in /proc/kallsyms (the build ids match) and move
#     them by the recorded _text address exactly as perf does: `script` names kernel frames,
#     says nothing on stderr, and prints the same bytes as perf 7.2 for both recordings;
#  3. a recording of another kernel (perf6.1/g.data) gets no kernel names, only perf's
#     "No kallsyms or vmlinux with build-id ..." line (perf 7.2 would print the running kernel's
#     names there: Documentation/differences.md).
source "$(dirname "$0")/_lib.sh"
vm_prepare
bash tests/workloads/build.sh "$T/wl" >/dev/null 2>&1 || vm_skip "cannot build the static test workloads"

args=(-t "${CPERF_VM_TIMEOUT:-300}" -b "$CPERF=/usr/bin/cperf")
[ -n "$PERF7_ROOT" ] && args+=(-P "$PERF7_ROOT")
boot() {  # boot GUEST_SCRIPT OUTDIR [-f FILE=PATH]...
  local guest=$1 out=$2; shift 2
  bash "$VM_DIR/boot.sh" "${args[@]}" "$@" "$VM_KERNEL" "$VM_DIR/$guest" "$out" > "$out.log" 2>&1 ||
    { echo "FAIL: the VM run of $guest ended with status $?"; tail -30 "$out.log"; exit 1; }
}
boot kallsyms_record_guest.sh "$T/rec" -f "$T/wl/deep=/bench/deep"
[ "$(cat "$T/rec/c.rc")" = 0 ] || { echo "FAIL: cperf record in the VM:"; cat "$T/rec/c.record.log"; exit 1; }
files=(-f "$T/rec/c.data=/in/c.data" -f "$PWD/tests/data/perf6.1/data/g.data=/in/g.data")
have_p=0
if [ -e "$T/rec/p.data" ] && [ "$(cat "$T/rec/p.rc")" = 0 ]; then files+=(-f "$T/rec/p.data=/in/p.data"); have_p=1; fi
boot kallsyms_read_guest.sh "$T/read" "${files[@]}"
O=$T/read
echo "VM kernel $(cat "$T/rec/uname.txt"); _text at 0x$(cut -d' ' -f1 "$T/rec/text.txt") when recording, 0x$(cut -d' ' -f1 "$O/text.txt") when reading"
cmp -s "$T/rec/text.txt" "$O/text.txt" &&
  echo "note: both boots put the kernel at the same address (KASLR off?): the relocation was not exercised"

fail=0
named_re='[a-z_][a-z0-9_.]*+0x[0-9a-f]* (\[kernel.kallsyms\])$'
for f in c p; do
  [ -e "$O/$f.cperf.txt" ] || continue
  who=$([ $f = c ] && echo "cperf's recording" || echo "perf 7.2's recording")
  named=$(grep -c "$named_re" "$O/$f.cperf.txt")
  if [ "$named" -eq 0 ]; then echo "FAIL: $who: no named kernel frames"; fail=1; continue; fi
  if [ -s "$O/$f.cperf.err" ]; then echo "FAIL: $who: cperf wrote to stderr:"; head -3 "$O/$f.cperf.err"; fail=1; fi
  grep -q '\[k\] [a-z_]' "$O/$f.report.txt" || { echo "FAIL: $who: report has no kernel symbols"; fail=1; }
  if [ -e "$O/$f.perf7.txt" ]; then
    if cmp -s "$O/$f.perf7.txt" "$O/$f.cperf.txt"; then
      echo "ok: $who: script identical to perf 7.2 ($named named kernel frames)"
    else
      echo "FAIL: $who: script differs from perf 7.2 (< perf 7.2, > cperf):"
      diff "$O/$f.perf7.txt" "$O/$f.cperf.txt" | head -8; fail=1
    fi
  else
    echo "ok: $who: $named named kernel frames (no perf 7.2 to compare with: $(oracle_why_not))"
  fi
done
[ $have_p = 1 ] || echo "SKIP (part): no perf 7.2 recording: $(oracle_why_not)"
if grep -q "$named_re" "$O/g.cperf.txt"; then
  echo "FAIL: a recording of another kernel got the running kernel's symbols"; fail=1
elif ! grep -qE '^No kallsyms or vmlinux with build-id [0-9a-f]{40} was found$' "$O/g.cperf.err"; then
  echo "FAIL: no 'No kallsyms' line for the other kernel's file:"; cat "$O/g.cperf.err"; fail=1
else
  echo "ok: another kernel's recording: no kernel names, perf's 'No kallsyms' line"
fi
[ $fail = 0 ] && echo "PASS"
exit $fail
