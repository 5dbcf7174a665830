#!/bin/bash
# Boots KERNEL under qemu with a RAM-only root and runs GUEST_SCRIPT in it as root; the files the
# script leaves in /out come back into OUTDIR.
#
#   tests/vm/boot.sh [-t SECONDS] [-m MEM_MB] [-b HOST_PROG[=GUEST_PATH]]... [-f FILE[=GUEST_PATH]]...
#                    [-P PERF7_ROOT] KERNEL GUEST_SCRIPT OUTDIR
#     -b  a dynamically linked program: copied with the shared libraries ldd names (at their
#         host paths); GUEST_PATH defaults to the host path
#     -f  a plain file (e.g. a static workload), FILE or FILE=GUEST_PATH (default: the same path)
#     -P  a Debian root holding /usr/bin/perf (the oracle's sid chroot): that perf (as `perf7`)
#         and its addr2line, with their own libraries, go to /opt/perf7 and run through that
#         root's dynamic loader
#
# Inside: busybox at /bin, /proc, /sys, /dev, tracefs, a fresh /tmp, perf_event_paranoid=-1,
# kptr_restrict=0, HOME=/root (empty), cwd /out. GUEST_SCRIPT's stdout+stderr go to
# OUTDIR/guest.log (and are printed here). Exit status: the script's, or 125 when the VM did not
# get to the end (timeout, kernel panic); the console log is then printed.
#
# The results come back on a second serial port (ttyS1) as a base64 tarball, so kernel messages
# on the console (ttyS0) can never corrupt them. No KVM is needed: qemu's TCG is used when the
# host offers no usable KVM.
set -euo pipefail
secs=300 mem=1024 progs=() files=() perf_root=
while getopts "t:m:b:f:P:" o; do
  case $o in
    t) secs=$OPTARG ;; m) mem=$OPTARG ;; b) progs+=("$OPTARG") ;; f) files+=("$OPTARG") ;;
    P) perf_root=$OPTARG ;; *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { sed -n '5,11p' "$0" >&2; exit 2; }
kernel=$1 guest_script=$2 outdir=$3

work=$(mktemp -d "${TMPDIR:-/tmp}/cperf-vm.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,dev,proc,sys,tmp,out,root,opt} "$root/usr/bin"

put() {  # put HOST_FILE GUEST_PATH: copies (dereferencing links) into the root
  mkdir -p "$root$(dirname "$2")" && cp -L "$1" "$root$2"
}
# The shared libraries an ELF program needs, as "name path" lines, resolved by LOADER (a
# dynamic loader run with --list, so foreign roots need no chroot).
libs_of() {  # libs_of PROGRAM LOADER [LIBRARY_PATH]
  local args=(--list "$1"); [ -n "${3:-}" ] && args=(--library-path "$3" "${args[@]}")
  "$2" "${args[@]}" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'
}

host_loader=$(readlink -f /lib64/ld-linux-x86-64.so.2)
busybox=$(command -v busybox)
put "$busybox" /bin/busybox
for l in $(libs_of "$busybox" "$host_loader"); do put "$l" "$l"; done  # none when static
for spec in "${progs[@]}"; do
  src=${spec%%=*} dst=${spec#*=}
  [ "$dst" = "$spec" ] && dst=$(readlink -f "$src")
  put "$src" "$dst"
  for l in $(libs_of "$src" "$host_loader"); do  # nothing for a static program
    [ -e "$root$l" ] || put "$l" "$l"
  done
done
for spec in "${files[@]}"; do
  src=${spec%%=*} dst=${spec#*=}
  [ "$dst" = "$spec" ] && dst=$(readlink -f "$src")
  put "$src" "$dst"
done

if [ -n "$perf_root" ]; then
  # perf, and addr2line which perf runs to name inlined functions (without it perf 7.2's
  # script stops at the first sample), each behind a wrapper that starts it with its loader.
  # Each real binary sits in a folder of its own: perf puts its own folder first in PATH
  # for its children, where a foreign addr2line would then be found instead of the wrapper.
  libdirs=$perf_root/lib/x86_64-linux-gnu:$perf_root/usr/lib/x86_64-linux-gnu
  put "$perf_root/lib64/ld-linux-x86-64.so.2" /opt/perf7/lib/ld-linux-x86-64.so.2
  for tool in perf:perf7 addr2line:addr2line; do
    src=$perf_root/usr/bin/${tool%%:*} name=${tool#*:}
    [ -e "$src" ] || continue
    put "$src" "/opt/perf7/$name/$name"
    for l in $(libs_of "$src" "$perf_root/lib64/ld-linux-x86-64.so.2" "$libdirs"); do
      [ -e "$root/opt/perf7/lib/$(basename "$l")" ] || put "$l" "/opt/perf7/lib/$(basename "$l")"
    done
    printf '#!/bin/sh\nexec /opt/perf7/lib/ld-linux-x86-64.so.2 --library-path /opt/perf7/lib /opt/perf7/%s/%s "$@"\n' \
      "$name" "$name" > "$root/usr/bin/$name"
    chmod +x "$root/usr/bin/$name"
  done
fi

cp "$guest_script" "$root/guest.sh"
cat > "$root/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc && mount -t sysfs sysfs /sys && mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp && mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
echo -1 > /proc/sys/kernel/perf_event_paranoid; echo 0 > /proc/sys/kernel/kptr_restrict
export PATH=/usr/bin:/bin HOME=/root TZ=UTC
echo CPERF-GUEST-START > /dev/ttyS0
cd /out && sh /guest.sh > /out/guest.log 2>&1
echo $? > /out/guest.rc
stty -F /dev/ttyS1 raw -echo 2>/dev/null
cd / && tar -czf - out | base64 > /dev/ttyS1
echo CPERF-VM-RESULTS-END > /dev/ttyS1
poweroff -f
EOF
chmod +x "$root/init"
# Left uncompressed: packing is then quicker than the kernel's unpacking of a gzip would save.
(cd "$root" && find . | cpio -o -H newc --quiet > "$work/initrd")

accel=tcg cpu=max
if [ -w /dev/kvm ] && grep -qE '\b(vmx|svm)\b' /proc/cpuinfo; then accel=kvm cpu=host; fi
# Under TCG the kernel now and then dies while it patches its own code at boot, before /init
# runs (seen: "Oops: int3" in sched_clock_cpu), and, on a loaded machine, later too (seen in a CI
# run beside two others: "Fatal exception in interrupt" at a patched NOP in the idle task's
# __schedule, the guest script running). A VM whose kernel died is run again, twice at most (the
# console of a kernel that died mid-script is kept in tests/out); a VM whose guest script failed
# with the kernel alive is never retried.
for attempt in 1 2 3; do
  status=0
  rm -f "$work/console.log" "$work/results.b64"
  timeout "$secs" qemu-system-x86_64 -accel "$accel" -cpu "$cpu" -smp 2 -m "$mem" \
    -display none -monitor none -no-reboot -nodefaults \
    -serial "file:$work/console.log" -serial "file:$work/results.b64" \
    -kernel "$kernel" -initrd "$work/initrd" \
    -append "console=ttyS0 quiet panic=-1 rdinit=/init" || status=$?
  if grep -q CPERF-GUEST-START "$work/console.log" 2>/dev/null; then
    grep -q "Kernel panic" "$work/console.log" && ! grep -q CPERF-VM-RESULTS-END "$work/results.b64" 2>/dev/null ||
      break
    mkdir -p tests/out && cp "$work/console.log" "tests/out/vm-kernel-died.$$.$attempt.log"
    echo "boot.sh: the kernel died while the guest ran (attempt $attempt, console in tests/out/vm-kernel-died.$$.$attempt.log): $(grep -m1 -E 'Oops|BUG|invalid opcode|general protection|Kernel panic' "$work/console.log")" >&2
    continue
  fi
  echo "boot.sh: the kernel died before the guest started (attempt $attempt): $(grep -m1 -E 'Oops|panic|BUG' "$work/console.log")" >&2
done

mkdir -p "$outdir"
if ! grep -q CPERF-VM-RESULTS-END "$work/results.b64" 2>/dev/null; then
  echo "boot.sh: the VM did not finish (qemu exit $status, limit ${secs}s); console:" >&2
  tail -40 "$work/console.log" >&2
  exit 125
fi
tr -d '\r' < "$work/results.b64" | sed '/CPERF-VM-RESULTS-END/,$d' | base64 -d |
  tar -xzf - -C "$outdir" --strip-components=1
cat "$outdir/guest.log"
exit "$(cat "$outdir/guest.rc")"
