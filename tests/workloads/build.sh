#!/bin/sh
# Builds the test workloads into OUTDIR (default: ./out next to this script).
#   tests/workloads/build.sh [OUTDIR]
# Static binaries with frame pointers and debug info, so that recorded
# callchains unwind with -g (fp) and resolve offline via --symfs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/out}
mkdir -p "$out"
CC=${CC:-cc}
CFLAGS="-O1 -g -fno-omit-frame-pointer -fno-inline -static"
$CC $CFLAGS -o "$out/deep" "$here/deep.c"
$CC $CFLAGS -pthread -o "$out/mt" "$here/mt.c"
$CC $CFLAGS -o "$out/jit" "$here/jit.c"
$CC $CFLAGS -o "$out/jitdump" "$here/jitdump.c"
echo "built: $out/deep $out/mt $out/jit $out/jitdump"
