# Prints the arguments perf script hands the side-band handlers (context_switch, throttle,
# unthrottle) and counts samples. Used by tests/e2e/script_python.sh with perf 7.2's output as
# the expectation.
samples = 0


def process_event(param_dict):
    global samples
    samples += 1


def context_switch(ts, cpu, pid, tid, np_pid, np_tid, machine_pid, out, out_preempt,
                   sample_machine_pid, sample_vcpu):
    print('switch %d cpu=%d %d/%d np=%d/%d machine=%d out=%r preempt=%r %d %d' %
          (ts, cpu, pid, tid, np_pid, np_tid, machine_pid, out, out_preempt,
           sample_machine_pid, sample_vcpu))


def throttle(ts, id, stream_id, cpu, pid, tid):
    print('throttle %d id=%d stream=%d cpu=%d %d/%d' % (ts, id, stream_id, cpu, pid, tid))


def unthrottle(ts, id, stream_id, cpu, pid, tid):
    print('unthrottle %d id=%d stream=%d cpu=%d %d/%d' % (ts, id, stream_id, cpu, pid, tid))


def trace_end():
    print('samples %d' % samples)
