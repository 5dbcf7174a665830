#!/bin/bash
# `record --kcore` on a Linux 7.x kernel under qemu (the development machines have no
# /proc/kcore to copy). In the VM (kcore_guest.sh) cperf records a workload with --kcore per
# task and CPU-wide (-a); here we check that
#   - OUTPUT is perf's directory: data, kcore_dir/{kallsyms,modules,kcore}, all owner-only
#     (0700 folders, data 0600, the copies 0400), kallsyms and modules equal to /proc's;
#   - kcore_dir/kcore is an ELF core holding the kernel's text from _stext (one PT_LOAD per
#     copied range, data from the first page);
#   - cperf's readers take the kernel's symbols from that copy (no --kallsyms) and name the
#     kernel dso after it where perf does (report -D, script --show-kernel-path);
# and, when the oracle's perf 7.2 root is there (perf 7.2 records the same in the same VM):
#   - the attrs (evlist -v) equal perf 7.2's, apart from the attr size and perf 7.2's
#     build_id bit (Documentation/perf-record.md), text-poke dummy:u included;
#   - the directory layout and the kcore copy's ELF headers equal perf 7.2's;
#   - perf 7.2 reads cperf's directories as cperf does, and cperf reads perf 7.2's as perf 7.2
#     does (script, script --show-kernel-path, report --stdio, report -D, and annotate --stdio
#     and --stdio2: kernel code disassembled from the kcore copy, with this machine's objdump).
source "$(dirname "$0")/_lib.sh"
vm_prepare
bash tests/workloads/build.sh "$T/wl" >/dev/null 2>&1 || vm_skip "cannot build the static test workloads"
# The VM records four times and reads each recording 12 times (annotate of the kernel's code
# among them): minutes on a busy host, so the limit is only a guard against a hung VM.
args=(-t "${CPERF_VM_TIMEOUT:-900}" -m 1536 -b "$CPERF=/usr/bin/cperf" -f "$T/wl/deep=/bench/deep")
objdump=$(command -v objdump) && args+=(-b "$objdump=/usr/bin/objdump")  # for annotate
[ -n "$PERF7_ROOT" ] && args+=(-P "$PERF7_ROOT")
O=$T/out
bash "$VM_DIR/boot.sh" "${args[@]}" "$VM_KERNEL" "$VM_DIR/kcore_guest.sh" "$O" > "$T/boot.log" 2>&1 ||
  { echo "FAIL: the VM run ended with status $?"; tail -30 "$T/boot.log"; exit 1; }
have7=0; [ -e "$O/p.rec.out" ] && have7=1
echo "VM kernel $(cat "$O/uname.txt"); perf 7.2 cross-check: $([ $have7 = 1 ] && echo yes || echo "no ($(oracle_why_not))")"

fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
while read -r st name cmd; do
  [ "$st" = 0 ] || { fail "in the VM, exit $st: $cmd"; sed 's/^/    /' "$O/$name.err" | head -5; }
done < "$O/status.txt"

# The layout: mode, size, name per line (ls -ln in the VM).
for d in c ca; do
  want=$'drwx------ kcore_dir\n-rw------- data\n-r-------- kallsyms\n-r-------- kcore\n-r-------- modules'
  got=$(awk '{print $1, $3}' "$O/$d.layout" | sort -k2 | awk '{print $1, $2}')
  [ "$(sort <<< "$want")" = "$(sort <<< "$got")" ] || fail "$d.data: not perf's layout:"$'\n'"$got"
  [ "$(cat "$O/$d.kallsyms-cmp") $(cat "$O/$d.modules-cmp")" = "same same" ] ||
    fail "$d.data: kallsyms/modules differ from /proc's"
  python3 - "$O/$d.kcore-head" <<'PY' || fail "$d.data: kcore_dir/kcore is no ELF core of the kernel's text"
import struct, sys
h = open(sys.argv[1], 'rb').read()
assert h[:4] == b'\x7fELF' and h[4] == 2, 'not a 64-bit ELF'
e_type, = struct.unpack_from('<H', h, 16)
phoff, = struct.unpack_from('<Q', h, 32)
phentsize, phnum = struct.unpack_from('<HH', h, 54)
assert e_type == 4 and phoff == 64 and phentsize == 56 and phnum >= 1, (e_type, phoff, phnum)
for i in range(phnum):
    p_type, p_flags, p_offset, p_vaddr, _, p_filesz, p_memsz, p_align = struct.unpack_from('<IIQQQQQQ', h, 64 + 56 * i)
    assert p_type == 1 and p_flags == 7 and p_offset % 4096 == 0 and p_offset >= 4096 and p_filesz == p_memsz > 0
    assert p_vaddr >= 0xffff800000000000 and p_align == 4096
PY
  # Kernel symbols come from the copy: named kernel frames, the copy named as perf names it.
  grep -q ' \[k\] [a-z_]' "$O/$d.cperf-report.out" || fail "$d.data: cperf report has no kernel symbols"
  grep -q "($d.data/kcore_dir/kcore)\$" "$O/$d.cperf-skp.out" || fail "$d.data: script --show-kernel-path does not name the kcore copy"
  grep -q "dso: $d.data/kcore_dir/kcore\$" "$O/$d.cperf-dump.out" || fail "$d.data: report -D does not name the kcore copy"
done

if [ $have7 = 1 ]; then
  # Attrs: perf 7.2 writes 144-byte attrs and asks for build ids in MMAP2 (cperf: the build-id table).
  norm() { sed -E 's/size: [0-9]+, /size: N, /; s/, build_id: 1//' "$1"; }
  for pair in "c p" "ca pa"; do
    set -- $pair
    diff <(norm "$O/$2.perf7-evlist.out") <(norm "$O/$1.cperf-evlist.out") > "$T/evlist.diff" ||
      { fail "$1.data: attrs differ from perf 7.2's $2.data (< perf 7.2, > cperf):"; head -8 "$T/evlist.diff"; }
    diff <(awk '{print $1, $3}' "$O/$2.layout" | sort -k2) <(awk '{print $1, $3}' "$O/$1.layout" | sort -k2) > /dev/null ||
      fail "$1.data: layout differs from perf 7.2's"
    cmp -s <(head -c 176 "$O/$2.kcore-head") <(head -c 176 "$O/$1.kcore-head") ||
      fail "$1.data: kcore copy's ELF header and first program headers differ from perf 7.2's"
  done
  # Each tool reads each recording alike (the tip line of report aside).
  for d in c ca p pa; do
    for k in script skp report dump annotate annotate2; do
      a=$O/$d.perf7-$k.out b=$O/$d.cperf-$k.out
      [ -e "$a" ] || { echo "SKIP (part): $d.data $k: not run (no objdump here to put in the VM)"; continue; }
      if diff <(grep -v '^# (Tip\|^# (Cannot load tips' "$a") <(grep -v '^# (Tip\|^# (Cannot load tips' "$b") > "$T/d.diff"; then
        echo "ok: $d.data $k identical ($(wc -l < "$b") lines)"
      else
        fail "$d.data $k: cperf differs from perf 7.2 (< perf 7.2, > cperf):"; head -8 "$T/d.diff"
      fi
    done
  done
else
  echo "SKIP (part): no perf 7.2 in the VM to compare with: $(oracle_why_not)"
fi
[ $fails = 0 ] && echo PASS
exit $fails
