#!/bin/bash
# `cperf inject -b` / `--buildid-all` on cperf recordings made here:
#  - a pipe recording (which carries no build ids) injected to a file gets a HEADER_BUILD_ID
#    section: `cperf report --header-only` no longer lists BUILD_ID among the missing features,
#    and `perf buildid-list` (perf 6.1, and perf 7.2 from the oracle chroot when present) lists
#    the workload's DSOs with the build ids of the files on disk;
#  - the same to a pipe: the build ids arrive as HEADER_BUILD_ID records;
#  - --buildid-all lists at least as many DSOs as -b;
#  - a file recording keeps its own build ids and gains no duplicates.
# Skips (77) when perf events cannot be opened here.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
# buildid-list with whatever perf is here: the injected file's build ids, "ID NAME" sorted.
list_ids() {
  if [ -x "$PERF61" ]; then "$PERF61" buildid-list -i "$1" 2>/dev/null | sort; fi
}

"$CPERF" record -q -g -e cpu-clock -F 999 -o - -- "$WL/deep" 300 > "$T/rec.pipe" 2>/dev/null ||
  { fail "cperf record to a pipe"; exit 1; }
"$CPERF" inject -b -i "$T/rec.pipe" -o "$T/b.data" || fail "inject -b exit $?"
"$CPERF" report --header-only -i "$T/b.data" > "$T/h.txt" 2>&1
grep -q '^# missing features:.* BUILD_ID' "$T/h.txt" && fail "-b: BUILD_ID still missing in the header"
grep -q '^# missing features:' "$T/h.txt" || fail "-b: no header printed: $(head -3 "$T/h.txt")"
if [ -x "$PERF61" ]; then
  list_ids "$T/b.data" > "$T/ids.txt"
  id=$(readelf -n "$WL/deep" 2>/dev/null | awk '/Build ID/{print $3}')
  grep -q "$WL/deep" "$T/ids.txt" || fail "-b: perf buildid-list does not list the workload: $(cat "$T/ids.txt")"
  [ -z "$id" ] || grep -q "^$id " "$T/ids.txt" || fail "-b: workload build id $id not in: $(cat "$T/ids.txt")"
  # Pipe output: HEADER_BUILD_ID records, which a pipe->file pass turns back into the section.
  "$CPERF" inject -b -i "$T/rec.pipe" | "$CPERF" inject -o "$T/bp.data" || fail "inject -b to a pipe"
  list_ids "$T/bp.data" | cmp -s - "$T/ids.txt" || fail "-b through a pipe lists other build ids"
  "$CPERF" inject --buildid-all -i "$T/rec.pipe" -o "$T/ball.data" || fail "--buildid-all exit $?"
  [ "$(list_ids "$T/ball.data" | wc -l)" -ge "$(wc -l < "$T/ids.txt")" ] || fail "--buildid-all lists fewer DSOs than -b"
  # A file recording already has its build ids: -b adds no duplicates.
  "$CPERF" record -q -g -e cpu-clock -F 999 -o "$T/rec.data" -- "$WL/deep" 300 >/dev/null 2>&1
  "$CPERF" inject -b -i "$T/rec.data" -o "$T/rb.data" || fail "inject -b on a file exit $?"
  [ "$(list_ids "$T/rb.data" | wc -l)" = "$(list_ids "$T/rec.data" | wc -l)" ] || fail "-b duplicated build ids"
  # perf 7.2 (the oracle's chroot) lists them too.
  if oracle_have_chroot; then
    oracle_scratch d
    cp "$T/b.data" "$d/"
    oracle_chroot_perf "$d_IN" buildid-list -i "$d_IN/b.data" 2>/dev/null | sort | cmp -s - "$T/ids.txt" ||
      fail "perf 7.2 buildid-list differs from perf 6.1's"
    # The pipe form: perf 7.2 takes the HEADER_BUILD_ID records (8-byte aligned) without error.
    "$CPERF" inject -b -i "$T/rec.pipe" > "$d/bp.pipe"
    oracle_chroot_perf "$d_IN" script -i "$d_IN/bp.pipe" >/dev/null 2>"$T/e72.txt" ||
      fail "perf 7.2 cannot read inject -b pipe output: $(head -2 "$T/e72.txt")"
  else
    echo "note: perf 7.2 part skipped: $(oracle_why_not)"
  fi
fi
[ $fails -eq 0 ] && echo "inject -b: ok"
[ $fails -eq 0 ]
