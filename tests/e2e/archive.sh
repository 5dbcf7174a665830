#!/bin/bash
# `cperf archive` and `cperf archive --unpack` on a real recording: a program built in a
# scratch folder is recorded with `cperf record -g` (its build-id cache in a scratch HOME),
# archived, then deleted; the archive is unpacked into a clean HOME and `report --stdio` there
# (cperf's and perf 7.2's) must name the same symbols as on the original machine. The archive
# command's output and status, the tar's listing and --unpack's output are compared with perf
# 7.2's own archive command (its perf-archive script with perf 7.2 as `perf`), and the error
# cases (no recording, no build ids, --unpack without or with a missing tar).
. "$(dirname "$0")/_record_lib.sh"
oracle_have_perf7 || { echo "SKIP: archive needs perf 7.2 to compare with: $(oracle_why_not)"; exit 77; }
need_perf_events
command -v gcc > /dev/null && command -v tar > /dev/null && command -v bzip2 > /dev/null ||
  { echo "SKIP: needs gcc, tar and bzip2"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$T/bin" "$T/src" "$T/rec" "$T/h1"
oracle_perf7_exe "$T/bin/perf"
P7EXEC=$ORACLE_SID/usr/lib/perf-core
# perf 7.2's archive: its script, which runs the `perf` on PATH (perf 7.2 here).
p7archive() { PATH=$T/bin:$PATH perf --exec-path="$P7EXEC" archive "$@"; }
c_archive() { "$CPERF" archive "$@"; }

gcc -O2 -g -fno-omit-frame-pointer -o "$T/src/qs" tests/data/realsys/src/qs.c || { echo "SKIP: cannot build qs"; exit 77; }
(cd "$T/rec" && HOME=$T/h1 "$CPERF" record -q -g -e cpu-clock -- "$T/src/qs" 5 > /dev/null) || { echo "FAIL: record"; exit 1; }
report() {  # report TOOL HOME DIR: the symbols report prints, header comments left out
  (cd "$3" && HOME=$2 "$1" report --stdio --no-children --sort dso,sym 2> /dev/null | grep -v '^#' | grep -v '^$')
}
report "$CPERF" "$T/h1" "$T/rec" > "$T/before.cperf"
report perf7 "$T/h1" "$T/rec" > "$T/before.perf7"
grep -q "qs  *\[\.\] " "$T/before.cperf" || fail "the original report has no symbols of qs"

# Packing: the same message, status and tar contents as perf 7.2.
for who in p7archive c_archive; do
  rm -rf "$T/$who"; mkdir -p "$T/$who"; cp "$T/rec/perf.data" "$T/$who/"
  (cd "$T/$who" && HOME=$T/h1 $who > out 2> err; echo $? > rc)
  tar tjf "$T/$who/perf.data.tar.bz2" 2> /dev/null | sort > "$T/$who/list"
done
for what in out rc list; do
  cmp -s "$T/p7archive/$what" "$T/c_archive/$what" || { fail "archive $what differs from perf 7.2"; diff "$T/p7archive/$what" "$T/c_archive/$what" | head -5; }
done
grep -q "^\.build-id/" "$T/c_archive/list" && grep -q "/elf$" "$T/c_archive/list" || fail "the archive has no build-id entries"

# The binary goes away; the archive is read on a clean HOME.
rm -f "$T/src/qs"
for who in p7archive c_archive; do
  rm -rf "$T/u.$who" "$T/h.$who"; mkdir -p "$T/u.$who" "$T/h.$who/.debug"
  cp "$T/rec/perf.data" "$T/c_archive/perf.data.tar.bz2" "$T/u.$who/"
  (cd "$T/u.$who" && HOME=$T/h.$who $who --unpack > out 2> err; echo $? > rc)
  (cd "$T/h.$who/.debug" && find . -printf '%y %p %l\n' | sort) > "$T/u.$who/tree"
done
for what in out rc tree; do
  cmp -s "$T/u.p7archive/$what" "$T/u.c_archive/$what" || { fail "archive --unpack $what differs from perf 7.2"; diff "$T/u.p7archive/$what" "$T/u.c_archive/$what" | head -5; }
done
report "$CPERF" "$T/h.c_archive" "$T/u.c_archive" > "$T/after.cperf"
report perf7 "$T/h.c_archive" "$T/u.c_archive" > "$T/after.perf7"
cmp -s "$T/before.cperf" "$T/after.cperf" || { fail "cperf report after unpacking differs"; diff "$T/before.cperf" "$T/after.cperf" | head -6; }
cmp -s "$T/before.perf7" "$T/after.perf7" || { fail "perf 7.2 report after unpacking differs"; diff "$T/before.perf7" "$T/after.perf7" | head -6; }
# Without the unpacked cache the deleted binary's symbols are gone (the check above means it).
report "$CPERF" "$T/empty-home" "$T/u.c_archive" > "$T/nocache.cperf"
cmp -s "$T/before.cperf" "$T/nocache.cperf" && fail "report resolved qs without the archive (the test proves nothing)"

# Error cases, as perf 7.2.
mkdir -p "$T/e"; cp tests/data/perf6.1/data/pipe.data "$T/e/nobid.data"
for args in "" "nosuch.data" "nobid.data" "--unpack" "--unpack nosuch.tar.bz2" "--exclude-buildids nosuch"; do
  for who in p7archive c_archive; do
    # shellcheck disable=SC2086
    (cd "$T/e" && HOME=$T/h1 $who $args > "$T/e/$who.out" 2> /dev/null; echo "rc=$?" >> "$T/e/$who.out")
  done
  cmp -s "$T/e/p7archive.out" "$T/e/c_archive.out" || { fail "archive $args differs"; diff "$T/e/p7archive.out" "$T/e/c_archive.out" | head -5; }
done
[ -n "$KEEP" ] && { head -5 "$T/before.cperf" "$T/after.perf7" "$T/c_archive/list" "$T/u.c_archive/out" "$T/nocache.cperf"; }
[ $fails -eq 0 ] && echo "PASS: archive and --unpack as perf 7.2; the report reads back identical"
[ $fails -eq 0 ]
