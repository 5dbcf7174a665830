# SPDX-License-Identifier: GPL-2.0
# cperf's implementation of perf's Util helper module for perf script Python scripts: time
# conversions, running statistics, syscall names and errno names.
# Written for cperf from the interface perf's scripts use.
from __future__ import print_function

import errno
import os

FUTEX_WAIT = 0
FUTEX_WAKE = 1
FUTEX_PRIVATE_FLAG = 128
FUTEX_CLOCK_REALTIME = 256
FUTEX_CMD_MASK = ~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME)

NSECS_PER_SEC = 1000000000


def avg(total, n):
    return total / n


def nsecs(secs, nsecs):
    return secs * NSECS_PER_SEC + nsecs


def nsecs_secs(nsecs):
    return nsecs / NSECS_PER_SEC


def nsecs_nsecs(nsecs):
    return nsecs % NSECS_PER_SEC


def nsecs_str(nsecs):
    # A one-element tuple, as scripts written for perf expect.
    return ("%5u.%09u" % (nsecs_secs(nsecs), nsecs_nsecs(nsecs)),)


def add_stats(stats, key, value):
    """stats[key] = (min, max, running average, count)."""
    if key not in stats:
        stats[key] = (value, value, value, 1)
        return
    lo, hi, mean, count = stats[key]
    stats[key] = (min(lo, value), max(hi, value), (mean + value) / 2, count + 1)


def clear_term():
    print("\x1b[H\x1b[2J")


audit_package_warned = False

try:
    import audit
    _machines = {'x86_64': 'MACH_86_64', 'aarch64': 'MACH_AARCH64', 'alpha': 'MACH_ALPHA',
                 'ia64': 'MACH_IA64', 'ppc': 'MACH_PPC', 'ppc64': 'MACH_PPC64',
                 'ppc64le': 'MACH_PPC64LE', 's390': 'MACH_S390', 's390x': 'MACH_S390X',
                 'i386': 'MACH_X86', 'i586': 'MACH_X86', 'i686': 'MACH_X86',
                 'armeb': 'MACH_ARMEB'}
    machine_id = getattr(audit, _machines[os.uname()[4]])
except Exception:
    if not audit_package_warned:
        audit_package_warned = True
        print("Install the python-audit package to get syscall names.\n"
              "For example:\n  # apt-get install python3-audit (Ubuntu)"
              "\n  # yum install python3-audit (Fedora)\n  etc.\n")


def syscall_name(id):
    try:
        return audit.audit_syscall_to_name(id, machine_id)
    except Exception:
        return str(id)


def strerror(nr):
    try:
        return errno.errorcode[abs(nr)]
    except Exception:
        return "Unknown %d errno" % nr
