#!/bin/bash
# `cperf buildid-cache` against perf 7.2 (run natively, tests/oracle.sh), case by case: each
# case makes a HOME for each tool (its ~/.debug the cache), runs SETUP there with the tool
# under test, then `buildid-cache ARGS`, and compares stdout, stderr (the HOME's path written
# as HOME), the exit status and the cache tree left behind (find -printf of type, mode, path
# and link target). Binaries from tests/data/realsys/bin and libc; -M on fixture recordings.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
oracle_have_perf7 || { echo "SKIP: buildid-cache needs perf 7.2 to compare with: $(oracle_why_not)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
B=$PWD/tests/data/realsys/bin
LIBC=$(realpath /lib/x86_64-linux-gnu/libc.so.6 2> /dev/null)
D61=$PWD/tests/data/perf6.1/data
fails=0 n=0

tool() { if [ "$WHO" = perf7 ]; then perf7 "$@"; else "$CPERF" "$@"; fi; }

run_one() {  # run_one WHO DIR SETUP ARGS...
  local dir=$2 setup=$3; WHO=$1; shift 3
  rm -rf "$dir"; mkdir -p "$dir/home"
  (
    cd "$dir/home" || exit 1
    export HOME=$dir/home H=$dir/home WHO
    eval "$setup"
  ) > /dev/null 2>&1 < /dev/null
  (
    cd "$dir/home" || exit 1
    export HOME=$dir/home
    tool buildid-cache "$@"
  ) > "$dir/out" 2> "$dir/err" < /dev/null
  echo $? > "$dir/rc"
  sed -i "s|$dir/home|HOME|g" "$dir/out" "$dir/err"
  (cd "$dir/home" && find . -path ./x -prune -o -printf '%y %m %p %l\n' | sort -k3) > "$dir/tree"
}

case_() {  # case_ SETUP ARGS...
  n=$((n + 1))
  run_one perf7 "$T/p" "$@"
  run_one cperf "$T/c" "$@"
  local what
  for what in out err rc tree; do
    if ! cmp -s "$T/p/$what" "$T/c/$what"; then
      fails=$((fails + 1))
      echo "MISMATCH ($what) buildid-cache ${*:2} [setup: $1]"
      diff "$T/p/$what" "$T/c/$what" | head -8
      return
    fi
  done
}

# Setups (run with the tool under test): a cache with entries, files that are not ELF.
ADD3="tool buildid-cache -a $B/qs,$B/qs-nopie${LIBC:+,$LIBC}"
ODD='mkdir -p x/dir; : > x/empty; echo text > x/text'
KERNEL='D=$H/.debug; k=e4f18d9dc1d0e6fc2b17e93e885a647b3c0a6fc1; v=a599807156a2a62fe956a82e388aeeabc874119c;
  mkdir -p "$D/[kernel.kallsyms]/$k" "$D/[vdso]/$v" $D/.build-id/e4 $D/.build-id/a5;
  echo "0 T x" > "$D/[kernel.kallsyms]/$k/kallsyms"; cp '"$B"'/qs "$D/[vdso]/$v/vdso";
  ln -s "../../[kernel.kallsyms]/$k" $D/.build-id/e4/${k:2}; ln -s "../../[vdso]/$v" $D/.build-id/a5/${v:2}'

# Usage and option errors.
for a in '' -h --bogus -x -lx -a --add -k -M -p -r -u --target-ns '--list=3' --no-list \
         --no-add '--p x' '--pu x' '-l x' '-l -- x' '-f' '--target-ns 0x10 -l' '--target-ns 1x -l' \
         '--target-ns=7 -l' '-l -a x' '-l -P' '-l -M y' '-P -l' '--no-bogus' '-f -l' '-vv -l' \
         '--debuginfod -v -l' '--debuginfod=http://127.0.0.1:9 -v -l' '--no-debuginfod -v -l'; do
  # shellcheck disable=SC2086
  case_ '' $a
done
# Adding.
for a in "-a $B/qs" "-v -a $B/qs" "-a $B/qs,$B/qs-nopie" "-v -a $B/qs-nopie,$B/qs,$B/qs" \
         "-a $B/qs -a $B/qs-nopie" "-v -a $B/qs,,$B/qs-nopie" "-a /nonexist" "-v -a /nonexist" \
         "-v -a x/empty,x/text,x/dir" "-a x/text" "--add=$B/qs" "-a$B/qs" ${LIBC:+"-v -a $LIBC"} \
         "-v -a $B/../bin/qs"; do
  # shellcheck disable=SC2086
  case_ "$ODD" $a
done
case_ "$ADD3" -v -a "$B/qs"                  # already there
case_ "$ADD3" -v -a "$B/qs-nodebug"          # the same build id as qs, another file
case_ "tool buildid-cache -a $B/qs-nodebug" -v -a "$B/qs"
# Listing, removing, updating, purging.
for a in -l "-v -l" "-r $B/qs" "-v -r $B/qs-nopie,$B/qs" "-v -r /nonexist" "-v -r $B/qs-nodebug" \
         "-u $B/qs" "-v -u $B/qs,$B/qs-nopie" "-v -u /nonexist" "-p $B/qs" "-v -p $B/qs,$B/qs-nopie" \
         "-v -p /nonexist" "-v -p $B" -P "-v -P" "-v -P -a $B/qs" \
         "-v -a $B/qs -r $B/qs-nopie -p $B/qs -u $B/qs-nopie -P" "-k /proc/kcore" "-v -k x/kcore"; do
  # shellcheck disable=SC2086
  case_ "$ADD3" $a
done
case_ '' -v -P ; case_ '' -v -r "$B/qs" ; case_ '' -v -u "$B/qs"
case_ "$ADD3; rm -r \$H/.debug$B/qs" -v -l      # a dangling link
case_ "$ADD3; rm -r \$H/.debug$B/qs" -v -P
case_ "$ADD3; rm -r \$H/.debug$B/qs" -v -r "$B/qs"
case_ "$KERNEL" -l ; case_ "$KERNEL" -v -P
# A 16-byte (MD5) build id is listed too (perf's own buildid.sh test adds and lists one).
if command -v cc > /dev/null && echo 'int main(void){return 0;}' | cc -Wl,--build-id=md5 -o "$T/md5prog" -x c - 2>/dev/null; then
  case_ "tool buildid-cache -a $T/md5prog" -l
  case_ "tool buildid-cache -a $T/md5prog" -v -r "$T/md5prog"
else
  echo "SKIP (part): no C compiler to make a binary with an MD5 build id"
fi
# Missing: the recordings' build-id tables against the cache.
for f in g.data syswide.data pipe.data zstd.data tracepoint.data; do
  case_ '' -M "$D61/$f"
done
case_ "$KERNEL" -M "$D61/g.data"
case_ "$KERNEL; rm -r \"\$H/.debug/[vdso]\"" -M "$D61/g.data"
case_ '' -M /nonexist ; case_ "" -M "$PWD/README.md" ; case_ "$ADD3" -M "$D61/syswide.data"
echo "buildid-cache: $n cases, $fails mismatches with perf 7.2"
[ $fails -eq 0 ]
