# Runs inside the VM (busybox sh, cwd /out), first boot of kallsyms_test.sh: records a workload
# that spends time in the kernel, with cperf and (when the VM has it) perf 7.2 as `perf7`, and
# notes where this boot put the kernel. HOME is empty and is not kept: no build-id cache goes
# to the second boot, so the readers there must take the running kernel's /proc/kallsyms.
uname -r > uname.txt
grep -m1 ' _text$' /proc/kallsyms > text.txt
cperf record -g -e cpu-clock -F 999 -o c.data /bench/deep 400 > c.record.log 2>&1
echo $? > c.rc
if command -v perf7 >/dev/null; then
  perf7 record -g -e cpu-clock -F 999 -o p.data /bench/deep 400 > p.record.log 2>&1
  echo $? > p.rc
fi
exit 0
