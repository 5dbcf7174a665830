#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# cperf data convert --to-pprof (issue 29), checked by Google's own pprof, built offline from
# Debian's golang-github-google-pprof-dev: on real programs (the realsys corpus: C with inline
# functions, C++, DWARF stacks, deferred callchains, a kernel module) and a deferred fixture,
#  - `pprof -top -noinlines` gives each function the share `report --no-children -s sym` gives
#    its symbol (names report shows once; pprof merges equal names of one dso);
#  - `pprof -traces -noinlines` (sample counts) holds the stacks `script --no-inline` prints,
#    per comm and thread;
#  - inline frames are lines of their own (`pprof -top` names "fill (inline)" in qs), mappings
#    carry build ids, the program's mapping comes first (pprof's "File: qs");
#  - an existing output needs --force; --to-pprof goes alone.
# Skips (77) where Go or pprof's source is missing. Hermetic: inputs from the repository.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
SRC=/usr/share/gocode/src/github.com/google/pprof
command -v go >/dev/null || { echo "SKIP: no Go compiler to build pprof (golang-go)"; exit 77; }
[ -d "$SRC" ] || { echo "SKIP: no pprof source ($SRC: golang-github-google-pprof-dev)"; exit 77; }
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
W=$(mktemp -d /tmp/cperf-pprof.XXXXXX); trap 'rm -rf "$W"' EXIT
if ! (cd "$W" && GO111MODULE=off GOPATH=/usr/share/gocode GOCACHE=$W/gocache HOME=$W \
        go build -o "$W/pprof" github.com/google/pprof) > "$W/build.log" 2>&1; then
  echo "SKIP: pprof does not build here: $(tail -1 "$W/build.log")"; exit 77
fi
fails=0 n=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$W/rs" "$W/defer" "$W/home"
xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$W/rs" || { echo "FAIL: cannot unpack the corpus"; exit 1; }
zcat "$W/rs/kallsyms.gz" > "$W/rs/kallsyms"
cp -r tests/data/perf7.2-defer/data tests/data/perf7.2-defer/symfs "$W/defer/"
zcat tests/data/perf7.2-defer/kallsyms.gz > "$W/defer/kallsyms"
pprof() { HOME=$W/home "$W/pprof" "$@" 2>/dev/null; }

# check DIR NAME KALLSYMS
check() {
  local dir=$1 name=$2 ks=$3 S=(--symfs="$1/../symfs" --kallsyms="$3") out=$W/$2.pb.gz
  n=$((n + 1))
  (cd "$dir" && HOME=$W/home "$CPERF" data convert --to-pprof "$out" -i "$name.data" "${S[@]}" 2> "$W/err") ||
    { fail "$name: convert failed: $(head -2 "$W/err")"; return; }
  (cd "$dir" && HOME=$W/home "$CPERF" report --stdio --no-children -s sym -g none -i "$name.data" "${S[@]}") > "$W/report" 2>/dev/null
  pprof -top -noinlines -nodecount=1000000 -nodefraction=0 -edgefraction=0 -sample_index=1 "$out" > "$W/top"
  python3 tests/e2e/pprof_compare.py top "$W/top" "$W/report" > "$W/cmp" || { fail "$name: pprof -top differs from report -s sym"; head -5 "$W/cmp"; }
  (cd "$dir" && HOME=$W/home "$CPERF" script --no-inline -F comm,tid,ip,sym -i "$name.data" "${S[@]}") > "$W/script" 2>/dev/null
  (cd "$dir" && HOME=$W/home "$CPERF" script --no-inline -G -F comm,tid,ip,sym -i "$name.data" "${S[@]}") > "$W/script-g" 2>/dev/null
  pprof -traces -noinlines -sample_index=0 "$out" > "$W/traces"
  python3 tests/e2e/pprof_compare.py traces "$W/traces" "$W/script" "$W/script-g" > "$W/cmp" ||
    { fail "$name: pprof -traces differs from script's stacks"; head -5 "$W/cmp"; }
}
for name in qs-g cc-g python-dwarf fork-g mt-defer brd-g; do
  ks=$W/rs/kallsyms
  if [ -e "$W/rs/data/$name.kallsyms.gz" ]; then zcat "$W/rs/data/$name.kallsyms.gz" > "$W/$name.ks"; ks=$W/$name.ks; fi
  check "$W/rs/data" "$name" "$ks"
done
check "$W/defer/data" defer "$W/defer/kallsyms"

# inline frames are lines; mappings have build ids
n=$((n + 1))
pprof -top -nodecount=1000000 -nodefraction=0 "$W/qs-g.pb.gz" | grep -q ' fill (inline)$' || fail "qs-g: no inline function in pprof -top"
n=$((n + 1))
pprof -raw "$W/qs-g.pb.gz" | grep -Eq '[0-9a-f]{40}' || fail "qs-g: no build id in the mappings (pprof -raw)"
# the profile is named after the program (its mapping first), not the library most samples hit
n=$((n + 1))
pprof -top "$W/qs-g.pb.gz" | grep -q '^File: qs$' || fail "qs-g: pprof does not name the profile after qs"
# an existing output needs --force; --to-pprof goes alone
n=$((n + 1))
(cd "$W/rs/data" && HOME=$W/home "$CPERF" data convert --to-pprof "$W/qs-g.pb.gz" -i qs-g.data) 2> "$W/err"
[ $? = 255 ] && grep -q "Output file exists" "$W/err" || fail "an existing output was not refused: $(cat "$W/err")"
n=$((n + 1))
(cd "$W/rs/data" && HOME=$W/home "$CPERF" data convert --force --to-pprof "$W/qs-g.pb.gz" -i qs-g.data \
   --symfs=../symfs --kallsyms="$W/rs/kallsyms") 2> /dev/null || fail "--force did not overwrite"
n=$((n + 1))
(cd "$W/rs/data" && HOME=$W/home "$CPERF" data convert --to-pprof "$W/x.pb.gz" --to-json "$W/x.json" -i qs-g.data) 2> /dev/null
[ $? = 255 ] || fail "--to-pprof with --to-json was not refused"
echo "data convert --to-pprof: $n checks, $fails failures"
[ "$fails" = 0 ]
