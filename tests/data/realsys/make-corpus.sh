#!/bin/bash
# make-corpus.sh — records the real-system corpus (issue 11) on this machine, as root:
# real dynamic programs recorded by Debian's perf 6.1 (/usr/bin/perf), the files they ran
# (every DSO with samples, its separate debug file when the machine has one, /proc/kallsyms)
# packed into corpus.tar.xz, and perf 7.2's outputs as goldens (gen-golden.sh, run after).
#   bash tests/data/realsys/make-corpus.sh     # writes corpus.tar.xz and README's table
# Needs: perf (6.1), gcc, python3 (Debian's /usr/bin/python3), coreutils, libc6-dbg for the
# "with debug info" half. The tests never run this; they unpack corpus.tar.xz.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
W=$(mktemp -d /tmp/realsys.XXXXXX); trap 'rm -rf "$W"' EXIT
mkdir -p "$W/data" "$W/symfs" "$W/bin"
# The programs run from /opt/realsys so that their recorded paths are the same on any machine.
mkdir -p /opt/realsys
gcc -O2 -g -fno-omit-frame-pointer -o /opt/realsys/qs src/qs.c
gcc -O2 -g -fno-omit-frame-pointer -pthread -o /opt/realsys/mt src/mt.c
seq 1 300000 | shuf --random-source=<(yes) > /opt/realsys/nums.txt
# A C file that keeps cc1 busy for about a second.
python3 -c 'print("\n".join(f"int f{i}(int x){{int s=0;for(int k=0;k<x;k++)s+=k*{i}^(s>>3);return s;}}" for i in range(3000)))' > /opt/realsys/big.c
cd "$W/data"
R="perf record -q -e cpu-clock"
PY='import math
s = 0
for i in range(1500000): s += math.sqrt(i) % 7
print(s)'
$R -F 999 -g -o qs-g.data -- /opt/realsys/qs 40 > /dev/null
$R -F 499 --call-graph dwarf,4096 -o qs-dwarf.data -- /opt/realsys/qs 20 > /dev/null
$R -F 999 -g -o mt-g.data -- /opt/realsys/mt > /dev/null
$R -F 299 --call-graph dwarf,4096 -o mt-dwarf.data -- /opt/realsys/mt > /dev/null
$R -F 999 -g -o python-g.data -- /usr/bin/python3 -c "$PY" > /dev/null
$R -F 149 --call-graph dwarf,4096 -o python-dwarf.data -- /usr/bin/python3 -c "$PY" > /dev/null
$R -F 999 -g -o sort-g.data -- sort -n /opt/realsys/nums.txt -o /dev/null
$R -F 999 -g -o cc-g.data -- gcc -O2 -c /opt/realsys/big.c -o /dev/null
# Many short processes forking: perf's report gives an inline frame's entry (arch_fork in
# _Fork) the enclosing function's symbol once another process's map hits it.
$R -c 50000 -g -o fork-g.data -- sh -c 'for i in $(seq 300); do /bin/true; done'
gzip -9n < /proc/kallsyms > "$W/kallsyms.gz"
# Deferred user callchains need a 7.x kernel: perf 7.2 records qs and mt in the oracle's VM
# (../shared/oracle/run-in-vm, which copies the programs and this machine's libraries in), with
# that kernel's kallsyms beside each file (NAME.kallsyms.gz).
cat > "$W/vm.sh" <<'VM'
R="perf7 record -q -e cpu-clock"
$R -F 999 --call-graph fp,defer -o /out/qs-defer.data -- /opt/realsys/qs 10 > /dev/null
$R -F 999 --call-graph fp,defer -o /out/mt-defer.data -- /opt/realsys/mt > /dev/null
cat /proc/kallsyms > /out/kallsyms
VM
mkdir -p "$W/vm"
bash "$here/../../../../shared/oracle/run-in-vm" "$W/vm.sh" "$W/vm" /opt/realsys/qs /opt/realsys/mt
# A kernel module on the path (this machine loads none): brd, the RAM disk, from the 7.2
# kernel's modules package, loaded in the VM and written and read by dd. Its map is
# /lib/modules/.../brd.ko; the corpus has no .ko, so its symbols come from kallsyms.
V=${VM_DIR:-$HOME/.cache/cperf-oracle/vm}
APT=(-o "Dir::Etc::sourcelist=$V/apt/sid.list" -o "Dir::Etc::sourceparts=-" -o "Dir::State::Lists=$V/apt/lists" -o "Dir::Cache=$V/apt/cache")
kver=$(ls "$V/kimg/usr/lib/modules/")
(cd "$W" && apt-get "${APT[@]}" download "linux-modules-$kver" && dpkg-deb -x linux-modules-*.deb kmod)
mkdir -p /opt/kmod
xz -dc "$W/kmod/usr/lib/modules/$kver/kernel/drivers/block/brd.ko.xz" > /opt/kmod/brd.ko
cat > "$W/vm-brd.sh" <<'VM'
K=$(uname -r)
mkdir -p /lib/modules/$K/kernel/drivers/block
cp /opt/kmod/brd.ko /lib/modules/$K/kernel/drivers/block/brd.ko
insmod /lib/modules/$K/kernel/drivers/block/brd.ko rd_nr=1 rd_size=262144
cat > /tmp/w.sh <<'W'
i=0; while [ $i -lt 6 ]; do dd if=/dev/zero of=/dev/ram0 bs=1M count=200 2>/dev/null; dd if=/dev/ram0 of=/dev/null bs=1M count=200 2>/dev/null; i=$((i+1)); done
W
perf7 record -q -e cpu-clock -F 999 -g -o /out/brd-g.data -- sh /tmp/w.sh
cat /proc/kallsyms > /out/kallsyms
VM
mkdir -p "$W/vm-brd"
bash "$here/../../../../shared/oracle/run-in-vm" -f /opt/kmod/brd.ko "$W/vm-brd.sh" "$W/vm-brd"
cp "$W/vm-brd/brd-g.data" "$W/data/"; gzip -9n < "$W/vm-brd/kallsyms" > "$W/data/brd-g.kallsyms.gz"
for n in qs-defer mt-defer; do
  cp "$W/vm/$n.data" "$W/data/"; gzip -9n < "$W/vm/kallsyms" > "$W/data/$n.kallsyms.gz"
done
# The VM names the libraries by ldd's paths (/lib64/ld-linux-x86-64.so.2, /lib/...): the
# same files, linked in after the symfs is filled below.
uname -r > "$W/uname"
perf --version > "$W/recorder"
# Every DSO with samples, and its debug file (by build id) when this machine has one.
for f in *.data; do perf buildid-list --with-hits -i "$f" 2>/dev/null; done | sort -u |
while read -r id path; do
  case $path in /*) ;; *) continue ;; esac
  [ -f "$path" ] || continue
  mkdir -p "$W/symfs$(dirname "$path")"; cp -L "$path" "$W/symfs$path"
  dbg=/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
  if [ -f "$dbg" ]; then mkdir -p "$W/symfs$(dirname "$dbg")"; cp -L "$dbg" "$W/symfs$dbg"; fi
done
mkdir -p "$W/symfs/lib/x86_64-linux-gnu" "$W/symfs/lib64"
ln -f "$W/symfs/usr/lib/x86_64-linux-gnu/libc.so.6" "$W/symfs/lib/x86_64-linux-gnu/libc.so.6"
ln -f "$W/symfs/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$W/symfs/lib64/ld-linux-x86-64.so.2"
cd "$W"
tar -cf - data symfs kallsyms.gz uname recorder | xz -T2 -9 > "$here/corpus.tar.xz"
ls -la "$here/corpus.tar.xz"
du -sh symfs data
