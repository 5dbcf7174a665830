# shellcheck shell=bash disable=SC2154
# ($W, $root, ... are set by real-profile-bench.sh, which sources this file.)
# real-profile-record.sh — the recordings of real-profile-bench.sh (sourced by it; needs $W,
# $root, $CPERF, $RECORDER). `record_profile NAME` makes $W/NAME.data unless it is there already
# (each recording is made once and kept for later runs), and returns 1 when it cannot.
#   make-g       perf record -g of `make -j$(nproc) cperf` in a fresh clone of this project
#   syswide-g    perf record -a -g for 10 s while that build runs
#   dwarf-cc1    perf record --call-graph dwarf -F 1000 of gcc -O2 compiling a generated C file
#                over and over for $DWARF_SECONDS (30) s: cc1's deep C++ stacks, 8 KiB stack
#                copies, many short processes
#   srcline-sed  perf record of GNU sed matching a back-reference regex over a generated text in
#                C.UTF-8: nearly all its time is in glibc's regex and malloc code, whose line
#                tables come from Debian's libc6-dbg (installed here when missing)
#   make-g-10m   make-g's samples repeated, times shifted, to $BIG_SAMPLES (10 M) samples by
#                bench/gen-perf-data.py (about 8 x make-g's size: several GB)
DWARF_SECONDS=${DWARF_SECONDS:-30}
DWARF_FUNCS=${DWARF_FUNCS:-400}     # about 4 s of cc1 per compile on this machine
SED_LINES=${SED_LINES:-1000000}     # about 20 s of sed
BIG_SAMPLES=${BIG_SAMPLES:-10000000}

rec() { if [ "$RECORDER" = cperf ] || ! command -v perf >/dev/null; then "$CPERF" record "$@"; else perf record "$@"; fi; }

# CCACHE= : the build must really compile (a warm ccache leaves a profile of a few seconds).
clone_project() { rm -rf "$W/src" && git clone -q "$root" "$W/src"; }

# need_package PKG: installs a Debian package the way scripts/install-deps.sh does, if missing.
need_package() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed' && return 0
  [ "$(id -u)" = 0 ] || { echo "$1 is not installed (needs root to install)" >&2; return 1; }
  echo "installing $1..."
  apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$1" >/dev/null
}

record_make_g() {
  echo "recording make-g (a parallel build of this project, a few minutes)..."
  clone_project && rec -q -g -e cpu-clock -o "$W/make-g.data" -- \
    make -C "$W/src" -j"$(nproc)" CCACHE= cperf >/dev/null 2>&1
}

record_syswide_g() {
  echo "recording syswide-g (10 s of the whole machine during a build)..."
  clone_project || return 1
  # In its own process group, so that stopping it stops its compilers too.
  setsid make -C "$W/src" -j"$(nproc)" CCACHE= cperf >/dev/null 2>&1 & local build=$!
  sleep 5
  rec -q -a -g -e cpu-clock -o "$W/syswide-g.data" -- sleep 10 >/dev/null 2>&1
  kill -- -"$build" 2>/dev/null; wait "$build" 2>/dev/null; sleep 1
}

record_dwarf_cc1() {
  echo "recording dwarf-cc1 (gcc -O2 compiling for ${DWARF_SECONDS} s, --call-graph dwarf)..."
  command -v gcc >/dev/null || { echo "no gcc" >&2; return 1; }
  mkdir -p "$W/cc1" && python3 bench/gen-c-source.py "$DWARF_FUNCS" > "$W/cc1/big.c" || return 1
  # Whole compiles until the time is up: the profile has every phase of cc1, not a cut one.
  # The loop is expanded by the inner bash, not here:
  # shellcheck disable=SC2016
  rec -q --call-graph dwarf -e cpu-clock -F 1000 -o "$W/dwarf-cc1.data" -- bash -c \
    'end=$((SECONDS + $1)); while [ $SECONDS -lt $end ]; do gcc -O2 -c "$2" -o "$2.o"; done' \
    _ "$DWARF_SECONDS" "$W/cc1/big.c" >/dev/null 2>&1
}

record_srcline_sed() {
  echo "recording srcline-sed (GNU sed in glibc's regex code, libc6-dbg for line numbers)..."
  need_package libc6-dbg || return 1
  python3 - "$SED_LINES" > "$W/words.txt" <<'PY' || return 1
import random, sys
words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
r = random.Random(1)
for _ in range(int(sys.argv[1])):
    print(" ".join(r.choice(words) for _ in range(12)))
PY
  LC_ALL=C.UTF-8 rec -q -e cpu-clock -o "$W/srcline-sed.data" -- \
    sed -E 's/([a-z]+) \1/X/g' "$W/words.txt" >/dev/null 2>&1
}

record_make_g_10m() {
  [ -s "$W/make-g.data" ] || record_profile make-g || return 1
  echo "making make-g-10m (make-g's samples repeated to $BIG_SAMPLES)..."
  python3 bench/gen-perf-data.py "$W/make-g.data" "$W/make-g-10m.data" --samples "$BIG_SAMPLES"
}

record_profile() {
  [ -s "$W/$1.data" ] && return 0
  case $1 in
    make-g) record_make_g ;;
    syswide-g) record_syswide_g ;;
    dwarf-cc1) record_dwarf_cc1 ;;
    srcline-sed) record_srcline_sed ;;
    make-g-10m) record_make_g_10m ;;
    *) echo "unknown recording $1" >&2; return 1 ;;
  esac
  [ -s "$W/$1.data" ] || { rm -f "$W/$1.data"; return 1; }
}
