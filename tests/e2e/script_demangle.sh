#!/bin/bash
# C++ symbols in script and report: demangled by default (with parameter lists, like perf 7.2),
# raw with --no-demangle, and never turned into "(inlined)" frames just because addr2line's
# answer is the mangled spelling of the same symbol (perf demangles it before comparing).
# Compares the workload's frames with perf 6.1 --no-demangle, and the whole output with
# upstream perf 7.2 when the oracle chroot is there (root).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
command -v g++ >/dev/null || { echo "SKIP: no g++ to build the C++ workload"; exit 77; }

mkdir -p "$T/cxx"
cat > "$T/cxx/w.cpp" <<'EOF'
namespace ns {
struct Worker {
  template <typename T> static T spin(T n) { volatile T x = 0; for (T i = 0; i < n; ++i) x = x + i; return x; }
};
long hot(long n) { return Worker::spin<long>(n); }
}  // namespace ns
int main() { long s = 0; for (int i = 0; i < 200; ++i) s += ns::hot(1000000); return s < 0; }
EOF
g++ -O0 -fno-omit-frame-pointer -o "$T/cxx/w" "$T/cxx/w.cpp" || { echo "SKIP: cannot build the C++ workload"; exit 77; }
"$CPERF" record -q -g -e cpu-clock -F 999 -o "$T/w.data" -- "$T/cxx/w" || { echo "FAIL: record"; exit 1; }

"$CPERF" script -i "$T/w.data" > "$T/on.txt" 2>/dev/null || { echo "FAIL: script"; exit 1; }
"$CPERF" script --no-demangle -i "$T/w.data" > "$T/off.txt" 2>/dev/null || { echo "FAIL: script --no-demangle"; exit 1; }
grep -q ' ns::hot(long)+0x[0-9a-f]* (' "$T/on.txt" || { echo "FAIL: no demangled ns::hot(long) frame"; exit 1; }
grep -q ' long ns::Worker::spin<long>(long)+0x' "$T/on.txt" || { echo "FAIL: no demangled spin frame"; exit 1; }
if grep -q '_ZN2ns\|ns::.*(inlined)' "$T/on.txt"; then echo "FAIL: mangled or (inlined) C++ frames:"; grep -m3 '_ZN2ns\|ns::.*(inlined)' "$T/on.txt"; exit 1; fi
grep -q ' _ZN2ns3hotEl+0x[0-9a-f]* (' "$T/off.txt" || { echo "FAIL: --no-demangle shows no raw _ZN2ns3hotEl"; exit 1; }
if grep -q 'ns::\|_ZN2ns.*(inlined)' "$T/off.txt"; then echo "FAIL: --no-demangle output has demangled or (inlined) C++ frames"; exit 1; fi

"$CPERF" report --stdio --no-children -s sym --no-demangle -i "$T/w.data" 2>/dev/null | grep -q '\[\.\] _ZN2ns' \
  || { echo "FAIL: report --no-demangle shows no raw C++ symbol"; exit 1; }
"$CPERF" report --stdio --no-children -s sym -i "$T/w.data" 2>/dev/null | grep -q '\[\.\] long ns::Worker::spin<long>(long)' \
  || { echo "FAIL: report shows no demangled C++ symbol"; exit 1; }

# The workload's frames, as "symbol+offset", in order.
frames() { grep "($T/cxx/w)\$" "$1" | awk '{print $2}'; }
if [ -x "$PERF61" ]; then
  "$PERF61" script --no-demangle -i "$T/w.data" > "$T/p61.txt" 2>/dev/null
  diff <(frames "$T/off.txt") <(frames "$T/p61.txt") > /dev/null \
    || { echo "FAIL: --no-demangle frames differ from perf 6.1's"; diff <(frames "$T/off.txt") <(frames "$T/p61.txt") | head; exit 1; }
fi

if oracle_have_chroot; then
  oracle_scratch C; rel=$C_IN
  mkdir -p "$C/symfs$T/cxx" "$T/symfs$T/cxx"
  cp "$T/cxx/w" "$C/symfs$T/cxx/"; cp "$T/cxx/w" "$T/symfs$T/cxx/"; cp "$T/w.data" "$C/"
  for opt in --demangle --no-demangle; do
    oracle_chroot_perf "$rel" script $opt -i $rel/w.data --symfs=$rel/symfs > "$T/p72.txt" 2>/dev/null
    "$CPERF" script $opt -i "$T/w.data" --symfs="$T/symfs" > "$T/c72.txt" 2>/dev/null
    if ! cmp -s "$T/p72.txt" "$T/c72.txt"; then
      echo "FAIL: script $opt differs from perf 7.2:"; diff "$T/p72.txt" "$T/c72.txt" | head; exit 1
    fi
  done
  echo "ok: identical to perf 7.2 with --demangle and --no-demangle"
else
  echo "note: perf 7.2 byte comparison skipped: $(oracle_why_not)"
fi
echo "PASS"
