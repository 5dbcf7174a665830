#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject options that read the dsos at their recorded paths, against perf 7.2's goldens in
# tests/data/inject (made by tests/data/gen-golden.sh inject; see its README): -b,
# --buildid-all, each with --known-build-ids, --known-build-ids alone; then -f on a file of
# another user, --strip's refusal, --convert-callchain (which unwinds with the binaries at
# their recorded paths too), -j (whose jitdump is read at its recorded path) and --guestmount. The golden is perf's report -D of its injected file,
# without file offsets, and (-b, --buildid-all) perf buildid-list's lines; its stderr and exit
# status are compared too (--convert-callchain with --unwind-style libdw, perf's default
# unwinder, too). The recording maps /tmp/cperf-inject-fixture/{deep,mt,other,gone}:
# the fixture is placed there (and removed) under a lock, as two test runs may share /tmp.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set_dir=$PWD/tests/data/inject
T=$(mktemp -d /tmp/cperf-inject-bid.XXXXXX)
exec 9> /tmp/cperf-inject-fixture.lock
trap 'rm -rf "$T"; rm -rf /tmp/cperf-inject-fixture; exec 9>&-' EXIT
flock 9
sh "$set_dir/place-fixture.sh" / || { echo "FAIL: cannot place the fixture"; exit 1; }
mkdir -p "$T/set/data" "$T/home"
cp "$set_dir/data/buildids.data" "$set_dir/data/dwarf.data" "$set_dir/data/jit.data" "$T/set/data/"
ln -s "$set_dir/symfs" "$T/set/symfs"
KNOWN="f4cce8b8d3ca47da64c081963164299771235eb1 /tmp/cperf-inject-fixture/deep,1234 /tmp/cperf-inject-fixture/gone"
# run KIND POST ARGS...: cperf inject ARGS as gen-golden.sh runs perf for KIND, then the output
# the golden holds (POST: dump, dump-ids or nothing). The file: $name.
name=buildids
run() {
  local kind=$1 post=$2; shift 2
  local exp=$set_dir/expected/$name.$kind
  local rc
  (cd "$T/set/data" && HOME=$T/home "$CPERF" inject "$@") > "$T/$kind.out" 2> "$T/$kind.err"
  rc=$?
  if [ -n "$post" ]; then
    (cd "$T/set/data" && HOME=$T/home "$CPERF" report -D -i ../inj.data --symfs=../symfs 2>/dev/null |
       sed -E 's/ 0x[0-9a-f]+ \[/ [/; /^0x[0-9a-f]+@/d' > "$T/$kind.out"
     [ "$post" = dump ] || HOME=$T/home "$CPERF" buildid-list -i ../inj.data >> "$T/$kind.out" 2>/dev/null)
  fi
  if [ "$post" = script-jit ]; then
    (cd "$T/set/data" && HOME=$T/home "$CPERF" script -F tid,ip,sym,dso -i ../inj.data > "$T/$kind.out" 2>/dev/null)
  fi
  rm -f "$T/set/inj.data"
  compare_golden "inject.$name.$kind" "$exp.txt.gz" "$T/$kind.out"
  local want_rc; want_rc=$(grep "^$name $kind exit=" "$set_dir/expected/exit-status.txt" | sed -E 's/.* exit=([0-9]+) .*/\1/')
  # (perf's "cannot open maps": the chroot has no /proc, see tests/data/README.md)
  if [ "$rc" = "$want_rc" ] && cmp -s "$T/$kind.err" <(grep -vx 'cannot open maps' "$exp.stderr.txt" 2>/dev/null); then
    GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS+1))
    echo "MISMATCH inject.$name.$kind: exit $rc (perf 7.2: $want_rc), stderr:"; diff <(grep -vx 'cannot open maps' "$exp.stderr.txt" 2>/dev/null) "$T/$kind.err" | head -4
  fi
}
run inject-b dump-ids -b -i buildids.data -o ../inj.data
run inject-buildid-all dump-ids --buildid-all -i buildids.data -o ../inj.data
run inject-b-known dump-ids -b "--known-build-ids=$KNOWN" -i buildids.data -o ../inj.data
run inject-buildid-all-known dump-ids --buildid-all "--known-build-ids=$KNOWN" -i buildids.data -o ../inj.data
run inject-known dump "--known-build-ids=$KNOWN" -i buildids.data -o ../inj.data
run inject-strip "" --strip -i buildids.data -o ../inj.data
# -k, --kallsyms, --ignore-vmlinux: perf loads no kernel symbols for -b or --convert-callchain
# (the goldens are those without them); the files are checked to exist, as perf does
zcat "$set_dir/kallsyms.gz" > "$T/set/kallsyms"
run inject-b-symbol-opts dump-ids -b -k ../kallsyms --kallsyms=../kallsyms --ignore-vmlinux -i buildids.data -o ../inj.data
if [ "$(id -u)" = 0 ]; then
  cp "$T/set/data/buildids.data" "$T/set/not-owned.data" && chown 12345 "$T/set/not-owned.data"
  run inject-not-owned dump -i ../not-owned.data -o ../inj.data
  run inject-not-owned-f dump -f -i ../not-owned.data -o ../inj.data
else
  echo "note: -f on another user's file skipped: making one needs root"
fi
# --convert-callchain: perf6.1's --call-graph dwarf recording, mapping the fixture's deep
name=dwarf
run inject-convert-callchain dump --convert-callchain -i dwarf.data -o ../inj.data
run inject-convert-callchain-libdw dump --convert-callchain --unwind-style libdw -i dwarf.data -o ../inj.data
run inject-convert-callchain-symbol-opts dump --convert-callchain -k ../kallsyms --kallsyms=../kallsyms --ignore-vmlinux -i dwarf.data -o ../inj.data
# -j: a recording of tests/workloads/jitdump.c whose jitdump is in the fixture; cperf writes the
# jitted files beside it, as perf did; the golden is script's names for the samples
name=jit
run inject-jit script-jit -j -i jit.data -o ../inj.data
# --guestmount: perf's merge of guest-host and guest-vm (guest-merged.data), with no folder for
# its guest under DIR (perf's "Can't access file DIR/PID", the copy unchanged), then with one
name=guest-merged
cp "$set_dir/data/guest-merged.data" "$T/set/data/"
run inject-guestmount dump --guestmount=../no-guests -i guest-merged.data -o ../inj.data
mkdir -p "$T/set/guests/$(cat "$set_dir/data/guest-host.pid")"
run inject-guestmount-found dump --guestmount=../guests -i guest-merged.data -o ../inj.data
golden_summary "inject goldens (tests/data/inject)"
