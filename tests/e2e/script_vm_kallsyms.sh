#!/bin/bash
# Kernel symbols from the running kernel's /proc/kallsyms, checked against upstream perf 7.2 on
# the kernel the perf7.2-defer files were recorded on: ../shared/oracle/run-in-vm boots that
# kernel (same build id, another KASLR offset) with perf 7.2 as perf7. Without --kallsyms,
# cperf must pick /proc/kallsyms and move its symbols by the recorded _text address exactly as
# perf does, so `script` prints the same bytes. A recording of another kernel must not get the
# running kernel's symbols (perf 7.2 prints wrong names there: Documentation/differences.md).
# Skips without the VM runner (RUN_IN_VM=path overrides it) or without root.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
VM=${RUN_IN_VM:-/work/shared/oracle/run-in-vm}
[ -x "$VM" ] || { echo "SKIP: no VM runner at $VM (perf 7.2 on the recording kernel)"; exit 77; }
[ "$(id -u)" = 0 ] || { echo "SKIP: the VM runner needs root"; exit 77; }
command -v qemu-system-x86_64 >/dev/null || { echo "SKIP: no qemu-system-x86_64"; exit 77; }

# Inputs must not live under /tmp (a tmpfs inside the VM); KEEP=1 keeps them for a look.
W=$(mktemp -d /var/tmp/cperf-vm-kallsyms.XXXXXX); [ -n "${KEEP:-}" ] || trap 'rm -rf "$W"' EXIT
# The binary too: the checkout itself may be under /tmp.
cp "$CPERF" "$W/cperf"; CPERF=$W/cperf
cp tests/data/perf7.2-defer/data/defer.data tests/data/perf7.2-defer/data/fp.data \
   tests/data/perf6.1/data/g.data "$W/"
cat > "$W/t.sh" <<EOF
cd /out
for f in defer fp; do
  HOME=/out perf7 script -i $W/\$f.data > \$f.perf7.txt 2>/dev/null
  HOME=/out $CPERF script -i $W/\$f.data > \$f.cperf.txt 2>\$f.cperf.err
  HOME=/out $CPERF report --stdio --no-children -s sym -i $W/\$f.data > \$f.report.txt 2>/dev/null
done
HOME=/out $CPERF script -i $W/g.data > g.cperf.txt 2>g.cperf.err
grep -m1 ' _text\$' /proc/kallsyms > text.txt
EOF
"$VM" -s 240 -f "$W/defer.data" -f "$W/fp.data" -f "$W/g.data" "$W/t.sh" "$W/out" "$CPERF" \
  > "$W/vm.log" 2>&1
rc=$?
if [ $rc = 125 ]; then echo "SKIP: the VM did not boot or finish"; tail -3 "$W/vm.log"; exit 77; fi

fail=0
for f in defer fp; do
  named=$(grep -c '[a-z_]+0x[0-9a-f]* (\[kernel.kallsyms\])$' "$W/out/$f.cperf.txt")
  if [ "$named" -eq 0 ]; then echo "FAIL: $f: no named kernel frames"; fail=1; continue; fi
  if ! cmp -s "$W/out/$f.perf7.txt" "$W/out/$f.cperf.txt"; then
    echo "FAIL: $f: script differs from perf 7.2:"; diff "$W/out/$f.perf7.txt" "$W/out/$f.cperf.txt" | head -6; fail=1
  elif [ -s "$W/out/$f.cperf.err" ]; then
    echo "FAIL: $f: cperf wrote to stderr:"; head -3 "$W/out/$f.cperf.err"; fail=1
  else
    echo "ok: $f: identical to perf 7.2 ($named named kernel frames)"
  fi
  grep -q '\[k\] [a-z_]' "$W/out/$f.report.txt" || { echo "FAIL: $f: report has no kernel symbols"; fail=1; }
done
# The VM kernel was booted at another address than when recording: the relocation was needed.
recorded=$(./cperf report -D -i tests/data/perf7.2-defer/data/fp.data 2>/dev/null | grep -m1 -o '@ 0xffffffff[0-9a-f]*.*kernel.kallsyms' | grep -o '0xffffffff[0-9a-f]*')
echo "note: _text recorded at $recorded, in the VM at 0x$(cut -d' ' -f1 "$W/out/text.txt")"
if grep -q '[a-z_]+0x[0-9a-f]* (\[kernel.kallsyms\])$' "$W/out/g.cperf.txt"; then
  echo "FAIL: a recording of another kernel got the running kernel's symbols"; fail=1
fi
grep -q 'No kallsyms or vmlinux with build-id e4f18d9dc1d0e6fc2b17e93e885a647b3c0a6fc1 was found' "$W/out/g.cperf.err" \
  || { echo "FAIL: no 'No kallsyms' message for the other kernel's file"; fail=1; }
[ $fail = 0 ] && echo "PASS"
exit $fail
