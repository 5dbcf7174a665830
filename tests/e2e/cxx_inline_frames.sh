#!/bin/bash
# C++ template code inlined into main, in a PIE whose code lies below 0x10000: there perf 7.2
# asks binutils' addr2line (one process per dso, for the whole run) for inline frames, and
# bfd names a function that has no linkage name (a template's DW_AT_name) after the symbol
# table's function the first time it is asked for, by its DWARF name afterwards. So one
# sample's frame is "main+0x238 (binary)" where the next one's is "generate_n<...> (inlined)".
# cperf's script and report must print what perf 7.2 prints on the same recording, with and
# without --symfs.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
command -v g++ >/dev/null || { echo "SKIP: no g++ to build the workload"; exit 77; }
oracle_have_perf7 || { echo "SKIP: needs perf 7.2 to compare with: $(oracle_why_not)"; exit 77; }
command -v addr2line >/dev/null || { echo "SKIP: no binutils addr2line (perf 7.2 uses it here)"; exit 77; }
g++ -O2 -g -fno-omit-frame-pointer -o "$T/cxx" tests/workloads/cxx_templates.cpp || { echo "SKIP: cannot build the workload"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
"$CPERF" record -q -g -F 2000 -e cpu-clock -o "$T/cxx.data" -- "$T/cxx" 1 > /dev/null || fail "record"
mkdir -p "$T/symfs$(dirname "$T/cxx")" && cp "$T/cxx" "$T/symfs$T/cxx"
compare() {  # compare NAME ARGS...: stdout equal but for report's random tip
  local name=$1; shift
  perf7 "$@" -i "$T/cxx.data" 2>/dev/null | grep -v "^# (Tip:" > "$T/$name.p7"
  "$CPERF" "$@" -i "$T/cxx.data" 2>/dev/null | grep -v "^# (Tip:" > "$T/$name.c"
  [ -s "$T/$name.c" ] && cmp -s "$T/$name.p7" "$T/$name.c" ||
    { fail "$* differs from perf 7.2's"; diff "$T/$name.p7" "$T/$name.c" | head -6; }
}
export HOME=$T/home  # no build-id cache
compare script script
compare script-symfs script --symfs "$T/symfs"
compare script-srcline script -F +srcline
compare report report --stdio --no-children
compare report-children report --stdio
# The recording must show the case: an inline frame of generate_n somewhere.
grep -q "generate_n<.*(inlined)" "$T/script.c" || echo "note: no generate_n inline frame sampled (compiler layout?)"
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
