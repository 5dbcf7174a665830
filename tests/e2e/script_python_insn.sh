#!/bin/bash
# perf_sample_insn() in a Python script (perf's perf_trace_context module) gives the sample's
# instruction, read from its dso as script's insn field reads it, and None where there is none
# (kernel addresses without a vmlinux). On a real program of the corpus: the bytes equal
# `script -F ip,insn`'s, and the script's output equals perf 7.2's when the oracle is present.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v xz > /dev/null || { echo "SKIP: no xz to unpack the corpus"; exit 77; }
T=$(mktemp -d /tmp/cperf-pyinsn.XXXXXX); trap 'rm -rf "$T"' EXIT
fail=0
mkdir -p "$T/rs" && xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$T/rs"
zcat "$T/rs/kallsyms.gz" > "$T/kallsyms"
cat > "$T/insn.py" <<'PY'
from perf_trace_context import perf_sample_insn
def process_event(param_dict):
    b = perf_sample_insn(perf_script_context)
    print("%x" % param_dict["sample"]["ip"], b.hex() if b is not None else None)
PY
S=(--symfs=../symfs --kallsyms="$T/kallsyms")
(cd "$T/rs/data" && "$CPERF" script -s "$T/insn.py" -i qs-g.data "${S[@]}" > "$T/py.out" 2> "$T/py.err") ||
  { echo "FAIL: the script failed: $(head -2 "$T/py.err")"; fail=1; }
(cd "$T/rs/data" && "$CPERF" script -G -F ip,insn -i qs-g.data "${S[@]}" 2>/dev/null) |
  awk '{ ip = $1; $1 = ""; sub(/^ insn: /, ""); gsub(/ /, ""); print ip, ($0 == "" ? "None" : $0) }' > "$T/want"
cmp -s "$T/want" "$T/py.out" || { echo "FAIL: perf_sample_insn differs from -F insn"; diff "$T/want" "$T/py.out" | head -4; fail=1; }
grep -q ' None$' "$T/py.out" || { echo "FAIL: no sample without an instruction (kernel) came out None"; fail=1; }
. tests/oracle.sh
if oracle_have_perf7; then
  (cd "$T/rs/data" && perf7 script -s "$T/insn.py" -i qs-g.data "${S[@]}" 2>/dev/null) > "$T/p7.out"
  cmp -s "$T/p7.out" "$T/py.out" || { echo "FAIL: differs from perf 7.2"; diff "$T/p7.out" "$T/py.out" | head -4; fail=1; }
else
  echo "note: no perf 7.2 to compare with ($(oracle_why_not))"
fi
[ $fail = 0 ] && echo "python perf_sample_insn: as script's insn field$(oracle_have_perf7 && echo " and perf 7.2")"
exit $fail
