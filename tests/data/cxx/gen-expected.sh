#!/bin/bash
# gen-expected.sh — remakes tests/data/cxx/expected/ with upstream perf 7.2, run natively
# (../../../../shared/oracle/perf7 or $PERF7) with an empty HOME, in data/, for every line of
# cases.txt. perf's random tip line is left out of report's output.
cd "$(dirname "$0")" || exit 1
PERF7=${PERF7:-$(realpath ../../../../shared/oracle/perf7 2>/dev/null || echo /work/shared/oracle/perf7)}
export ORACLE_HOME=${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}  # perf7 finds its root by HOME
E=$(mktemp -d /tmp/cperf-cxx-gen.XXXXXX); trap 'rm -rf "$E"' EXIT
grep -v '^#' cases.txt | while read -r rec kind args; do
  # shellcheck disable=SC2086  # ARGS are words
  (cd data && HOME=$E "$PERF7" $args -i "$rec.data" --symfs ../symfs 2>/dev/null) |
    grep -v '^# (Tip:' | gzip -9n > "expected/$rec.$kind.txt.gz"
  echo "expected/$rec.$kind.txt.gz: $(zcat "expected/$rec.$kind.txt.gz" | wc -l) lines"
done
