# Shared setup of the VM tests (sourced). After vm_prepare:
#   $CPERF        the cperf binary under test
#   $T            a scratch folder, removed on exit
#   $VM_KERNEL    a Linux 7.x vmlinuz (tests/vm/kernel.sh)
#   $PERF7_ROOT   a Debian root with upstream perf 7.x (the oracle's sid chroot), or empty
# Exits 77 with the reason when something the VM needs cannot be had.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
VM_DIR=$PWD/tests/vm
T=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "keeping $T" >&2 || trap 'rm -rf "$T"; oracle_cleanup' EXIT

vm_skip() { echo "SKIP: $*"; exit 77; }

# Installs what the VM needs from Debian's packages when missing (as root, unless
# CPERF_VM_INSTALL=0); the caller skips when that is not possible.
vm_install_missing() {
  local need=()
  command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
  command -v busybox >/dev/null || need+=(busybox-static)
  command -v cpio >/dev/null || need+=(cpio)
  [ ${#need[@]} -eq 0 ] && return 0
  [ "${CPERF_VM_INSTALL:-1}" != 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
  echo "installing for the VM tests: ${need[*]}"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends "${need[@]}"; } >/dev/null 2>&1
}

vm_prepare() {
  [ -x "$CPERF" ] || { echo "FAIL: $CPERF is not built"; exit 1; }
  [ "$(uname -m)" = x86_64 ] || vm_skip "the VM tests boot an x86_64 kernel; this is $(uname -m)"
  vm_install_missing
  local t
  for t in qemu-system-x86_64 busybox cpio; do
    command -v $t >/dev/null || vm_skip "no $t (install qemu-system-x86, busybox-static, cpio)"
  done
  VM_KERNEL=$(bash "$VM_DIR/kernel.sh" 2> "$T/kernel.err") ||
    vm_skip "no Linux 7.x kernel to boot: $(tail -1 "$T/kernel.err")"
  PERF7_ROOT=
  oracle_have_perf7 && PERF7_ROOT=$ORACLE_SID
  return 0
}
