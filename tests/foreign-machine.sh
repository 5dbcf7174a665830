#!/bin/bash
# Runs a command (default: the e2e suite) as if on another machine, to prove the tests do not
# lean on traits of the machine that recorded the fixtures:
#   - the running kernel has a build id that no fixture names: /sys/kernel/notes is replaced, in
#     a private mount namespace, by a copy whose GNU build-id note says 0fe1... (so kernel
#     symbols are never borrowed from this machine's /proc/kallsyms for a fixture);
#   - HOME is an empty folder: no build-id cache (~/.debug) from earlier recordings;
#   - no oracle (CPERF_NO_ORACLE=1): the parts that compare with perf 7.2 skip and say so.
# Needs root and unshare(1); otherwise exits 77 with the reason.
#   tests/foreign-machine.sh [--build-id-only] [COMMAND...]
# --build-id-only changes the kernel build id only (HOME and the oracle stay).
cd "$(dirname "$0")/.." || exit 1
skip() { echo "SKIP: foreign-machine run: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "needs root (a private mount namespace)"
command -v unshare >/dev/null || skip "no unshare(1)"
[ -r /sys/kernel/notes ] || skip "no /sys/kernel/notes to stand in for"
only_id=0
[ "${1:-}" = --build-id-only ] && { only_id=1; shift; }
[ $# -gt 0 ] || set -- make e2e-test

work=$(mktemp -d /tmp/cperf-foreign.XXXXXX); trap 'rm -rf "$work"' EXIT
FOREIGN_ID=0fe1e90fe1e90fe1e90fe1e90fe1e90fe1e90fe1
python3 - /sys/kernel/notes "$work/notes" "$FOREIGN_ID" <<'PY' || skip "cannot make a notes file"
import struct, sys
src, dst, new = sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3])
data, out, pos, done = open(src, 'rb').read(), bytearray(), 0, False
while pos + 12 <= len(data):  # notes: namesz, descsz, type, name, desc (4-byte aligned)
    namesz, descsz, ntype = struct.unpack_from('<III', data, pos)
    name_end = pos + 12 + (namesz + 3) // 4 * 4
    end = name_end + (descsz + 3) // 4 * 4
    if data[pos + 12:pos + 12 + namesz] == b'GNU\0' and ntype == 3 and not done:
        out += struct.pack('<III', namesz, len(new), ntype) + data[pos + 12:name_end] + new
        done = True
    else:
        out += data[pos:end]
    pos = end
if not done:  # no build-id note at all: the file is just ours
    out = struct.pack('<III', 4, len(new), 3) + b'GNU\0' + new
open(dst, 'wb').write(bytes(out))
PY
# The stand-in must not be a build id that some fixture does name (as text or as bytes).
python3 - "$FOREIGN_ID" <<'PY' || skip "a fixture names the stand-in build id $FOREIGN_ID"
import glob, sys
hexid = sys.argv[1]
for f in glob.glob('tests/data/**/*', recursive=True):
    try:
        b = open(f, 'rb').read()
    except OSError:
        continue
    if bytes.fromhex(hexid) in b or hexid.encode() in b:
        sys.exit(1)
PY
env=()
if [ $only_id = 0 ]; then
  mkdir -p "$work/home"
  # The oracle's default place follows HOME; it stays out of reach on purpose (CPERF_NO_ORACLE).
  env=(HOME="$work/home" CPERF_NO_ORACLE=1)
  echo "foreign-machine run: kernel build id $FOREIGN_ID, HOME=$work/home, no oracle: $*"
else
  echo "foreign-machine run: kernel build id $FOREIGN_ID: $*"
fi
unshare -m --propagation private env "${env[@]}" \
  NOTES="$work/notes" WANT="$FOREIGN_ID" bash -c '
    mount --bind "$NOTES" /sys/kernel/notes || exit 1
    od -An -tx1 /sys/kernel/notes | tr -d " \n" | grep -q "$WANT" ||
      { echo "FAIL: /sys/kernel/notes does not show the stand-in build id"; exit 1; }
    exec "$@"' bash "$@"
