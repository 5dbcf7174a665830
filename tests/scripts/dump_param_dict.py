# Prints everything perf script hands a Python script: every param_dict key with its value's
# type and repr, the arguments of tracepoint handlers, and which hooks ran. Used by
# tests/e2e/script_python.sh; its expected outputs come from perf 7.2 running this file.
import os
import sys

sys.path.append(os.environ['PERF_EXEC_PATH'] +
                '/scripts/python/Perf-Trace-Util/lib/Perf/Trace')
from perf_trace_context import *
from Core import *

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
seen = 0


def show(prefix, value):
    if isinstance(value, dict):
        for k in sorted(value):
            show(prefix + '.' + k, value[k])
    elif isinstance(value, list):
        print('%s: list[%d]' % (prefix, len(value)))
        for i, v in enumerate(value):
            show('%s[%d]' % (prefix, i), v)
    else:
        print('%s: %s %r' % (prefix, type(value).__name__, value))


def trace_begin():
    print('trace_begin args=%r' % (sys.argv[1:],))


def trace_end():
    print('trace_end seen=%d' % seen)


def process_event(param_dict):
    global seen
    seen += 1
    if seen > limit:
        return
    show('event', param_dict)


def sched__sched_switch(event_name, context, common_cpu, common_secs, common_nsecs,
                        common_pid, common_comm, common_callchain, prev_comm, prev_pid,
                        prev_prio, prev_state, next_comm, next_pid, next_prio,
                        perf_sample_dict):
    global seen
    seen += 1
    if seen > limit:
        return
    print('%s cpu=%d %d.%09d pid=%d comm=%s prev=%r/%d/%d state=%d(%s) next=%r/%d/%d' %
          (event_name, common_cpu, common_secs, common_nsecs, common_pid, common_comm,
           prev_comm, prev_pid, prev_prio, prev_state,
           flag_str(event_name, 'prev_state', prev_state), next_comm, next_pid, next_prio))
    print('  pc=%d flags=%d lock_depth=%d' % (common_pc(context), common_flags(context),
                                              common_lock_depth(context)))
    show('  sample', perf_sample_dict)


def trace_unhandled(event_name, context, event_fields_dict, perf_sample_dict):
    global seen
    seen += 1
    if seen > limit:
        return
    print('unhandled %s' % event_name)
    show('  fields', event_fields_dict)
    show('  sample', perf_sample_dict['sample'])
