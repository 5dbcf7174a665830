# Runs inside the VM (busybox sh, cwd /out) for kcore_test.sh: `record --kcore` by cperf (and by
# perf 7.2 as `perf7` when the VM has it), per task and CPU-wide, then both tools read every
# recording. The kcore copies (~20 MB each) stay here: only their headers, modes and checksums
# go back to the host.
uname -r > uname.txt
: > status.txt
run() {  # run NAME CMD...: NAME.out/NAME.err, a status line
  name=$1; shift
  "$@" > "$name.out" 2> "$name.err"
  echo "$? $name $*" >> status.txt
}
have7=0; command -v perf7 > /dev/null && have7=1
tools=cperf; [ $have7 = 1 ] && tools="cperf perf7"
# Each recording holds ~28 MB of copies in the VM's memory (its only file system): each is read
# by both tools as soon as it is made, then its kcore copy goes (its header and checksum stay).
examine() {  # examine NAME: NAME.data, made by `record --kcore`
  d=$1
  [ -d $d.data ] || return
  ls -ln $d.data $d.data/kcore_dir | awk 'NF > 2 {print $1, $5, $NF}' > $d.layout
  head -c 4096 $d.data/kcore_dir/kcore > $d.kcore-head
  md5sum < $d.data/kcore_dir/kcore | cut -d' ' -f1 > $d.kcore-md5
  cmp -s $d.data/kcore_dir/kallsyms /proc/kallsyms && echo same > $d.kallsyms-cmp || echo differs > $d.kallsyms-cmp
  cmp -s $d.data/kcore_dir/modules /proc/modules && echo same > $d.modules-cmp || echo differs > $d.modules-cmp
  for t in $tools; do
    run $d.$t-evlist $t evlist -v -i $d.data
    run $d.$t-script $t script -i $d.data
    run $d.$t-skp $t script --show-kernel-path -F comm,tid,ip,sym,dso -i $d.data
    run $d.$t-report $t report --stdio -i $d.data
    run $d.$t-dump $t report -D -i $d.data
    if command -v objdump > /dev/null; then  # kernel code disassembled from the kcore copy
      run $d.$t-annotate $t annotate --stdio -i $d.data
      run $d.$t-annotate2 $t annotate --stdio2 -i $d.data
    fi
  done
  rm -f $d.data/kcore_dir/kcore
}
for t in $tools; do
  p=$(echo $t | cut -c1)  # c or p
  run $p.rec $t record --kcore -e cpu-clock -F 999 -o $p.data /bench/deep 200
  examine $p
  run $p.rec-a $t record --kcore -a -e cpu-clock -c 100000 -o ${p}a.data /bench/deep 100
  examine ${p}a
done
exit 0
