# Runs inside the VM (busybox sh, cwd /out), second boot of kallsyms_test.sh: the same kernel at
# another address reads the first boot's recordings (/in/c.data by cperf, /in/p.data by perf 7.2)
# and a recording of another kernel (/in/g.data), with no --kallsyms, so both tools pick
# /proc/kallsyms themselves. Only produces files; kallsyms_test.sh judges them.
grep -m1 ' _text$' /proc/kallsyms > text.txt
for f in c p; do
  [ -e /in/$f.data ] || continue
  cperf script -i /in/$f.data > $f.cperf.txt 2> $f.cperf.err
  cperf report --stdio --no-children -s sym -i /in/$f.data > $f.report.txt 2> $f.report.err
  if command -v perf7 >/dev/null; then perf7 script -i /in/$f.data > $f.perf7.txt 2> $f.perf7.err; fi
done
cperf script -i /in/g.data > g.cperf.txt 2> g.cperf.err
exit 0
