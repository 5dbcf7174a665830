#!/bin/bash
# `make bench`: runs every benchmark in this folder (bench/*-bench.sh, record-overhead.sh), each printing its own
# table. Options are passed through the environment (see each script's header).
cd "$(dirname "$0")/.." || exit 1
status=0
for b in bench/*-bench.sh bench/record-overhead.sh; do
  [ -e "$b" ] || continue
  echo "=== $b"
  bash "$b" || status=1
done
exit $status
