# Prints the arguments perf script hands the side-band handlers (context_switch, throttle,
# unthrottle), the stat__* handlers of `perf stat record` files, and counts samples. Used by tests/e2e/script_python.sh with perf 7.2's output as
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


def stat__task_clock(cpu, thread, ts, val, ena, run):
    print('stat task-clock cpu=%d thread=%d %d val=%d ena=%d run=%d' % (cpu, thread, ts, val, ena, run))


def stat__interval(ts):
    print('stat interval %d' % ts)


def trace_end():
    print('samples %d' % samples)
