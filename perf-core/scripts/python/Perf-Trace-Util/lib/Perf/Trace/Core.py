# SPDX-License-Identifier: GPL-2.0
# cperf's implementation of perf's Core helper module for perf script Python scripts: the
# flag and symbolic value tables that `perf script` announces for tracepoint print formats
# (define_* callbacks), their lookups (flag_str, symbol_str), and small record helpers.
# Written for cperf from the interface perf's scripts use.

from collections import defaultdict


def autodict():
    """A dict whose missing keys become nested autodicts."""
    return defaultdict(autodict)


flag_fields = autodict()
symbolic_fields = autodict()


def define_flag_field(event_name, field_name, delim):
    flag_fields[event_name][field_name]['delim'] = delim


def define_flag_value(event_name, field_name, value, field_str):
    flag_fields[event_name][field_name]['values'][value] = field_str


def define_symbolic_field(event_name, field_name):
    pass  # the values carry everything


def define_symbolic_value(event_name, field_name, value, field_str):
    symbolic_fields[event_name][field_name]['values'][value] = field_str


def flag_str(event_name, field_name, value):
    """The names of the flags set in value, joined by the field's delimiter."""
    table = flag_fields[event_name][field_name]
    if not table:
        return ""
    names = table['values']
    delim = table['delim']
    parts = []
    for bit in sorted(names):
        if bit == 0:
            if value == 0:
                parts.append(names[bit])
                break
            continue
        if value & bit == bit:
            parts.append(names[bit])
            value &= ~bit
    sep = (" " + delim + " ") if delim else ""
    return sep.join(parts)


def symbol_str(event_name, field_name, value):
    """The name the event's print format gives to value, or ""."""
    table = symbolic_fields[event_name][field_name]
    if not table:
        return ""
    for key in sorted(table['values']):
        if key == value:
            return table['values'][key]
    return ""


trace_flags = {0x00: "NONE", 0x01: "IRQS_OFF", 0x02: "IRQS_NOSUPPORT",
               0x04: "NEED_RESCHED", 0x08: "HARDIRQ", 0x10: "SOFTIRQ"}


def trace_flag_str(value):
    if not value:
        return "NONE"
    parts = []
    for bit, name in trace_flags.items():
        if bit and value & bit == bit:
            parts.append(name)
            value &= ~bit
    return " | ".join(parts)


def taskState(state):
    return {0: "R", 1: "S", 2: "D", 64: "DEAD"}.get(state, "Unknown")


class EventHeaders:
    """The common_* arguments of a tracepoint handler, kept together."""

    def __init__(self, common_cpu, common_secs, common_nsecs, common_pid, common_comm,
                 common_callchain):
        self.cpu = common_cpu
        self.secs = common_secs
        self.nsecs = common_nsecs
        self.pid = common_pid
        self.comm = common_comm
        self.callchain = common_callchain

    def ts(self):
        return self.secs * 1000000000 + self.nsecs

    def ts_format(self):
        return "%d.%d" % (self.secs, int(self.nsecs / 1000))
