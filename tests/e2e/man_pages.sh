#!/bin/bash
# Man pages: every Documentation/man/*.adoc becomes a page (make man) that man -l renders
# without complaint; `cperf help CMD` and `cperf CMD --help` show it, as perf shows its own;
# `make install` puts the pages under share/man/man1.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v asciidoctor > /dev/null || { echo "SKIP: no asciidoctor (scripts/install-deps.sh installs it)"; exit 77; }
command -v man > /dev/null || { echo "SKIP: no man (package man-db)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
make -s man || { echo "FAIL: make man"; exit 1; }
n=0
for src in Documentation/man/*.adoc; do
  page=build/man/$(basename "$src" .adoc).1
  n=$((n + 1))
  MANWIDTH=80 man -l "$page" > "$tmp/out" 2> "$tmp/err" || { echo "FAIL: man -l $page"; fail=1; }
  [ -s "$tmp/err" ] && { echo "FAIL: man -l $page complains:"; cat "$tmp/err"; fail=1; }
  grep -q '^NAME' "$tmp/out" || { echo "FAIL: $page has no NAME section"; fail=1; }
done
export MANPAGER=cat MANWIDTH=80
"$CPERF" help report | grep -q 'cperf-report - read perf.data and show the profile' ||
  { echo "FAIL: cperf help report does not show cperf-report(1)"; fail=1; }
"$CPERF" script --help | grep -q 'cperf-script - read perf.data and print each event' ||
  { echo "FAIL: cperf script --help does not show cperf-script(1)"; fail=1; }
"$CPERF" help | grep -q 'cperf - record and analyse profiles' || { echo "FAIL: cperf help"; fail=1; }
"$CPERF" record -h 2>&1 | grep -q 'Usage: perf record' || { echo "FAIL: record -h is no longer the short usage"; fail=1; }
make -s install DESTDIR="$tmp/root" PREFIX=/usr > /dev/null || { echo "FAIL: make install"; fail=1; }
[ -e "$tmp/root/usr/share/man/man1/cperf-report.1" ] || { echo "FAIL: make install put no man pages"; fail=1; }
[ $fail = 0 ] && echo "man pages: $n render, help shows them"
exit $fail
