#!/bin/sh
# Writes a small tracefs and sysfs into DIR (tracefs/, sysfs/), to be named by perf's
# TRACEFS_PATH and SYSFS_PATH: the tracepoint id 0x174 is sched:sched_switch (perf 6.1's
# tracepoint.data and synthetic/name-tracepoint-pipe.data use it), PMU type 4 is "cpu" and 9
# is "msr", as on the machine these goldens were made on; two CPUs.
#   make-fs.sh DIR
set -eu
d=$1
mkdir -p "$d/tracefs/events/sched/sched_switch" "$d/tracefs/events/sched/sched_wakeup" \
         "$d/sysfs/bus/event_source/devices/cpu" "$d/sysfs/bus/event_source/devices/msr"
echo 372 > "$d/tracefs/events/sched/sched_switch/id"
echo 373 > "$d/tracefs/events/sched/sched_wakeup/id"
echo 4 > "$d/sysfs/bus/event_source/devices/cpu/type"
echo 9 > "$d/sysfs/bus/event_source/devices/msr/type"
# perf reads its CPU bounds there too (else "Failed to read max cpus" on a pipe's dump)
mkdir -p "$d/sysfs/devices/system/cpu"
echo 0-1 > "$d/sysfs/devices/system/cpu/possible"
echo 0-1 > "$d/sysfs/devices/system/cpu/present"
echo 8191 > "$d/sysfs/devices/system/cpu/kernel_max"
