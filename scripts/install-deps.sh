#!/bin/bash
# Installs the Debian packages cperf builds and tests with, when any is missing.
set -euo pipefail
pkgs=(g++ make pkg-config libelf-dev libdw-dev libunwind-dev libtraceevent-dev libcli11-dev
      libgtest-dev libzstd-dev zlib1g-dev asciidoctor man-db libncurses-dev tmux libpython3-dev
      libprotobuf-dev protobuf-compiler golang-github-google-pprof-dev libbabeltrace-ctf-dev
      ccache)
# (golang-github-google-pprof-dev: pprof's profile.proto, which `data convert --to-pprof` writes)
# The test command also runs perf's export-to-sqlite.py, which needs Qt's SQL module for Python,
# and records onto a slow FUSE file system written with fusepy (tests/e2e/record_slow_fs.sh).
# Google's pprof itself, built offline from the same source, checks those profiles.
# babeltrace2 reads what `data convert --to-ctf` writes (through babeltrace's CTF writer).
[ "${CPERF_TEST_DEPS:-0}" = 1 ] && pkgs+=(python3-pyside2.qtsql sqlite3 python3-fusepy golang-go babeltrace2)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
# Wait for another apt (an unattended upgrade, the oracle's setup) instead of failing on its lock.
LOCK=(-o DPkg::Lock::Timeout=600)
# apt-get update takes the lists lock without that timeout: retry it for up to 10 minutes.
for try in $(seq 60); do
  $SUDO apt-get "${LOCK[@]}" update -qq && break
  [ "$try" = 60 ] && exit 1
  echo "apt-get update failed (another apt holds its lock?); retrying in 10 s" >&2; sleep 10
done
DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${LOCK[@]}" install -y -qq "${missing[@]}" >/dev/null
