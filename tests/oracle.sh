# Where upstream perf 7.2 (the oracle that ../shared/oracle/setup makes) is, for the tests that
# compare with it. Sourced by tests and benchmarks; the oracle is optional everywhere: a test
# that needs it says so and skips that part.
#
# Honours, as setup does: ORACLE_HOME (default ${XDG_CACHE_HOME:-~/.cache}/cperf-oracle),
# SID_ROOT (default $ORACLE_HOME/sid), VM_DIR (default $ORACLE_HOME/vm); CPERF_PERF7_ROOT is an
# older name for SID_ROOT. CPERF_NO_ORACLE=1 makes every test act as if there were no oracle.
#
#   oracle_have_perf7        perf 7.2 can run natively (through the sid root's own loader)
#   oracle_have_chroot       ... and in the chroot (needs root)
#   oracle_why_not           one line saying why the oracle cannot be used
#   perf7 ARGS...            perf 7.2 run natively: this machine's /proc, kernel and files
#   oracle_scratch VAR       makes a folder under $ORACLE_SID/f, puts its path in VAR and its path
#                            inside the chroot in VAR_IN; oracle_cleanup removes them all
#   oracle_chroot_perf DIR ARGS...
#                            perf 7.2 in the chroot with a clean environment: HOME and PROCFS_PATH
#                            are empty folders under DIR (a path inside the chroot), TZ=UTC
ORACLE_HOME=${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}
ORACLE_SID=${SID_ROOT:-${CPERF_PERF7_ROOT:-$ORACLE_HOME/sid}}
ORACLE_VM=${VM_DIR:-$ORACLE_HOME/vm}
_oracle_loader=$ORACLE_SID/usr/lib64/ld-linux-x86-64.so.2
_oracle_scratch_dirs=()

oracle_why_not() {
  if [ "${CPERF_NO_ORACLE:-0}" = 1 ]; then echo "CPERF_NO_ORACLE=1"
  elif [ ! -x "$ORACLE_SID/usr/bin/perf" ]; then echo "no perf 7.2 oracle at $ORACLE_SID (../shared/oracle/setup makes it; ORACLE_HOME moves it)"
  elif [ ! -x "$_oracle_loader" ]; then echo "the oracle at $ORACLE_SID has no dynamic loader"
  elif [ "$(id -u)" != 0 ]; then echo "the oracle's chroot needs root"
  fi
}

oracle_have_perf7() {
  [ "${CPERF_NO_ORACLE:-0}" != 1 ] && [ -x "$ORACLE_SID/usr/bin/perf" ] && [ -x "$_oracle_loader" ]
}

oracle_have_chroot() { oracle_have_perf7 && [ "$(id -u)" = 0 ]; }

perf7() {
  PYTHONHOME=${PYTHONHOME:-$ORACLE_SID/usr} "$_oracle_loader" \
    --library-path "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" \
    --argv0 perf "$ORACLE_SID/usr/bin/perf" "$@"
}

oracle_scratch() {
  local dir
  mkdir -p "$ORACLE_SID/f" && dir=$(mktemp -d "$ORACLE_SID/f/cperf-test.XXXXXX") || return 1
  _oracle_scratch_dirs+=("$dir")
  printf -v "$1" '%s' "$dir"
  printf -v "${1}_IN" '%s' "${dir#"$ORACLE_SID"}"
}

oracle_cleanup() {
  local d
  for d in "${_oracle_scratch_dirs[@]}"; do rm -rf "$d"; done
  _oracle_scratch_dirs=()
}

oracle_chroot_perf() {
  local dir=$1; shift
  mkdir -p "$ORACLE_SID$dir/.home" "$ORACLE_SID$dir/.noproc"
  chroot "$ORACLE_SID" env -i HOME="$dir/.home" PROCFS_PATH="$dir/.noproc" TZ=UTC \
    PATH=/usr/sbin:/usr/bin:/sbin:/bin perf "$@"
}

# oracle_perf7_exe FILE: writes an executable FILE that runs perf 7.2 (for tests that need a
# command, not this shell function); false without the oracle.
oracle_perf7_exe() {
  oracle_have_perf7 || return 1
  printf '#!/bin/sh\nexec env PYTHONHOME="${PYTHONHOME:-%s/usr}" %q --library-path %q --argv0 perf %q "$@"\n' \
    "$ORACLE_SID" "$_oracle_loader" "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" \
    "$ORACLE_SID/usr/bin/perf" > "$1" && chmod +x "$1"
}
