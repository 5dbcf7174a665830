#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject --aslr as perf 7.2: the injected file's dump must be perf 7.2's dump of its own
# injected file (expected/NAME.inject-aslr.txt.gz in tests/data/perf6.1, perf7.2-defer and
# perf7.2, made by tests/data/gen-golden.sh), file offsets left out (the attr sizes differ).
# Covered there: maps laid out again per process from 0x200000 and the kernel's from
# 0xffff800010000000, segments of one file kept together, maps a forked child inherited and
# addresses in no map as 0, callchains (deferred cookies kept, CALLCHAIN_DEFERRED unchanged),
# samples with a user stack (dwarf) or raw data (tracepoint) dropped, pipe input, and a perf
# 7.2 zstd file whose COMPRESSED records are unpacked (perf 7.2 passes them on unremapped).
# Then: registers leave the attrs, and --aslr refuses the options it cannot be combined with.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
T=$(mktemp -d /tmp/cperf-inject-aslr.XXXXXX); trap 'rm -rf "$T"' EXIT
# The dump without FINISHED_ROUND records (perf writes them where it reads them, cperf keeps
# the input's order), without CALLCHAIN_DEFERRED records (perf 7.2 drops them: see
# Documentation/perf-inject.md) and the event counts at the end; the golden chroot's
# "problem processing PERF_RECORD_MMAP2" line for [vdso] is dropped as everywhere
# (Documentation/differences.md).
comparable() {
  python3 -c '
import sys
text = sys.stdin.read().split("\n")
out, block = [], []
def flush():
    t = "\n".join(block)
    if "PERF_RECORD_FINISHED_ROUND" not in t and "PERF_RECORD_CALLCHAIN_DEFERRED" not in t:
        out.extend(block)
    block.clear()
for line in text:
    if line == ".":
        flush()
    if line.startswith("problem processing PERF_RECORD_MMAP2") or " events:" in line:
        continue
    block.append(line)
flush()
print("\n".join(out))'
}
for set in perf6.1 perf7.2-defer; do
  for exp in tests/data/$set/expected/*.inject-aslr.txt.gz; do
    name=$(basename "$exp" .inject-aslr.txt.gz)
    # Pipe input: perf writes its file output with pipe records (inject_mmap2_buildids.sh).
    # zstd: perf passes COMPRESSED records on unremapped; cperf remaps them (checked below).
    case $name in pipe|defer-pipe|zstd) continue ;; esac
    (cd "tests/data/$set/data" && "$CPERF" inject --aslr -i "$name.data" -o "$T/inj.data" 2>/dev/null &&
       "$CPERF" report -D -i "$T/inj.data" --symfs=../symfs 2>/dev/null |
       sed -E 's/ 0x[0-9a-f]+ \[/ [/; /^0x[0-9a-f]+@/d' | comparable > "$T/out")
    zcat "$exp" | sed -E 's/ 0x[0-9a-f]+ \[/ [/' | comparable | gzip > "$T/want.txt.gz"
    compare_golden "$set.$name.inject-aslr" "$T/want.txt.gz" "$T/out"
  done
done

fails=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails+1)); fi; }
"$CPERF" inject --aslr -i tests/data/perf6.1/data/dwarf.data -o "$T/dwarf.data" 2>/dev/null
"$CPERF" evlist -v -i "$T/dwarf.data" > "$T/evlist" 2>&1
check "dwarf file: REGS_USER and its register mask leave the attr" \
  "grep -q STACK_USER '$T/evlist' && ! grep -qE 'REGS_USER|sample_regs_user' '$T/evlist'"
"$CPERF" inject --aslr -B -i tests/data/perf6.1/data/g.data -o "$T/x.data" 2>"$T/err"; rc=$?
check "--aslr with -B: refused (status $rc)" "[ $rc = 129 ] && grep -q 'cannot be combined' '$T/err'"
# A perf 7.2 zstd file (tests/data/perf7.2): every map, unpacked from COMPRESSED records, moves;
# the samples keep resolving to the same symbols.
d=tests/data/perf7.2/data
"$CPERF" inject --aslr -i $d/zstd.data -o "$T/zstd.data" 2>/dev/null
"$CPERF" script --show-mmap-events -i "$T/zstd.data" > "$T/zstd.txt" 2>&1
check "zstd: /bench/deep at 0x200000, its recorded address gone" \
  "grep -q '\[0x200000(0x77000) @ 0x1000 .*/bench/deep' '$T/zstd.txt' && ! grep -q 0x401000 '$T/zstd.txt'"
"$CPERF" script -F comm,tid,time,sym,dso -i "$T/zstd.data" > "$T/a" 2>&1
"$CPERF" script -F comm,tid,time,sym,dso -i $d/zstd.data > "$T/b" 2>&1
check "zstd: symbols as before ($(grep -c deep "$T/b") frames)" "cmp -s '$T/a' '$T/b' && grep -q deep '$T/a'"
# A deferred recording keeps its user stacks, remapped (perf 7.2 loses them).
d=tests/data/perf7.2-defer/data
"$CPERF" inject --aslr -i $d/defer.data -o "$T/defer.data" 2>/dev/null
"$CPERF" script -F comm,tid,time,ip,sym,dso --symfs=$d/../symfs -i "$T/defer.data" > "$T/a" 2>&1
"$CPERF" script -F comm,tid,time,ip,sym,dso --symfs=$d/../symfs -i $d/defer.data > "$T/b" 2>&1
check "defer: merged user frames remapped ($(grep -c '(/bench/deep)' "$T/b") frames)" \
  "[ \$(grep -c ' 2[0-9a-f]\{5\} .*(/bench/deep)' '$T/a') = \$(grep -c '(/bench/deep)' '$T/b') ]"
golden_summary "inject --aslr goldens"
[ $fails = 0 ] || exit 1
