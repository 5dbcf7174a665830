#!/bin/sh
# place-fixture.sh ROOT: puts the binaries the recordings of this folder map at
# ROOT/tmp/cperf-inject-fixture (ROOT: / for cperf's tests, the oracle chroot for the goldens):
# deep and mt are symfs/bench's (build ids f4cce8b8..., 5817158e...), other a copy of mt, and
# jit.data's jitdump (inject -j writes the jitted-7259-N.so files beside it).
# Callers hold a lock on ROOT/tmp/cperf-inject-fixture.lock around its use: the path is fixed.
set -e
here=$(cd "$(dirname "$0")" && pwd)
dir=$1/tmp/cperf-inject-fixture
rm -rf "$dir"
mkdir -p "$dir"
cp "$here/symfs/bench/deep" "$dir/deep"
cp "$here/symfs/bench/mt" "$dir/mt"
cp "$here/symfs/bench/mt" "$dir/other"
cp "$here/fixture/jit-7259.dump" "$dir/"
