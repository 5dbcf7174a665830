#!/bin/bash
# Compares our uapi/linux/perf_event.h with the system's <linux/perf_event.h>, in the spirit of
# perf's check-headers.sh, but by compiling: every constant and struct field the system header
# declares is checked against ours (values, offsets, sizes). Each difference prints a warning;
# the script always exits 0 (the system header is usually older and lacks the newest fields).
set -u
cd "$(dirname "$0")/.." || exit 0
sys=/usr/include/linux/perf_event.h
[ -e "$sys" ] || { echo "check-headers: $sys not found; nothing to compare"; exit 0; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# Names of constants the system header defines (enumerators and numeric #defines).
{
  grep -oE '^\s*(PERF_[A-Z0-9_]+)\s*=' "$sys" | grep -oE 'PERF_[A-Z0-9_]+'
  grep -oE '^#define\s+PERF_[A-Z0-9_]+\s+\(?[-(0-9]' "$sys" | awk '{print $2}'
} | sort -u | grep -vE '_MAX$|_SHIFT$|^PERF_EVENT_IOC_|PERF_IOC_FLAG_GROUP' > "$work/consts"

# Struct fields the system header declares for the structs we both describe.
fields_of() {  # struct name -> field names (scalar members only)
  awk -v s="struct $1 {" 'index($0, s) == 1 {on=1; next} on && /^};/ {on=0} on' "$sys" |
    grep -oE '__u(8|16|32|64)\s+[a-z_0-9]+\s*;' | awk '{print $2}' | tr -d ';'
}

# One program per header prints "name value" for every constant and field offset; the outputs
# are then compared. (Macros cannot be put in namespaces, so the headers are kept apart.)
gen() {  # $1 = include line, $2 = file of constant names to print
  echo '#include <cstdio>'
  echo '#include <cstddef>'
  echo "$1"
  echo 'int main() {'
  while read -r c; do
    echo "#if defined($c) || 1"
    echo "  printf(\"$c %llu\\n\", (unsigned long long)($c));"
    echo "#endif"
  done < "$2"
  for s in perf_event_attr perf_event_header perf_event_mmap_page; do
    echo "  printf(\"sizeof($s) %zu\\n\", sizeof(struct $s));"
    for f in $(fields_of $s); do
      case $f in __reserved*) continue ;; esac
      echo "  printf(\"$s.$f %zu\\n\", offsetof(struct $s, $f));"
    done
  done
  echo '  return 0; }'
}
ours_h=uapi/linux/perf_event.h
grep -oE '\bPERF_[A-Z0-9_]+\b' "$ours_h" | sort -u > "$work/ours-names"
comm -12 "$work/consts" "$work/ours-names" > "$work/common"
for c in $(comm -23 "$work/consts" "$work/ours-names"); do echo "warning: $c: not declared in ours"; done
gen '#include <linux/perf_event.h>' "$work/common" > "$work/sys.cpp"
gen '#include "uapi/linux/perf_event.h"' "$work/common" > "$work/ours.cpp"
if g++ -std=c++20 -w -o "$work/sys" "$work/sys.cpp" 2> "$work/err" &&
   g++ -std=c++20 -w -I. -o "$work/ours" "$work/ours.cpp" 2>> "$work/err"; then
  "$work/sys" > "$work/sys.txt"; "$work/ours" > "$work/ours.txt"
  n=0
  while read -r name val; do
    other=$(awk -v n="$name" '$1 == n {print $2}' "$work/ours.txt")
    if [ "$other" != "$val" ]; then
      case $name in sizeof*) echo "note: $name: system $val, ours $other" ;;
        *) echo "warning: $name: system $val, ours $other"; n=$((n+1)) ;; esac
    fi
  done < "$work/sys.txt"
  echo "check-headers: $(wc -l < "$work/sys.txt") items compared, $n difference(s)"
else
  echo "warning: check-headers could not compile the comparison:"; head -5 "$work/err"
fi
newer=$(comm -13 <(grep -oE '\bPERF_[A-Z0-9_]+\b' "$sys" | sort -u) "$work/ours-names" | tr '\n' ' ')
grep -q 'defer_callchain' "$sys" || echo "note: the system header has no defer_callchain/defer_output bits (older than Linux 6.19)"
[ -n "$newer" ] && echo "note: only in ours (newer ABI): $newer"
exit 0
