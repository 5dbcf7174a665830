# SPDX-License-Identifier: GPL-2.0
# cperf's implementation of perf's EventClass helper module: sample classes chosen by the size
# of the raw buffer (generic, Intel PEBS, PEBS with load latency).
# Written for cperf from the interface perf's scripts use.
from __future__ import print_function

import struct

EVTYPE_GENERIC = 0
EVTYPE_PEBS = 1     # PEBS record: 144 raw bytes
EVTYPE_PEBS_LL = 2  # PEBS with load latency: 176 raw bytes
EVTYPE_IBS = 3


def create_event(name, comm, dso, symbol, raw_buf):
    kind = {144: PebsEvent, 176: PebsNHM}.get(len(raw_buf), PerfEvent)
    return kind(name, comm, dso, symbol, raw_buf)


class PerfEvent(object):
    event_num = 0

    def __init__(self, name, comm, dso, symbol, raw_buf, ev_type=EVTYPE_GENERIC):
        self.name = name
        self.comm = comm
        self.dso = dso
        self.symbol = symbol
        self.raw_buf = raw_buf
        self.ev_type = ev_type
        PerfEvent.event_num += 1

    def show(self):
        print("PMU event: name=%12s, symbol=%24s, comm=%8s, dso=%12s" %
              (self.name, self.symbol, self.comm, self.dso))


class PebsEvent(PerfEvent):
    pebs_num = 0
    _REGS = ('flags', 'ip', 'ax', 'bx', 'cx', 'dx', 'si', 'di', 'bp', 'sp')

    def __init__(self, name, comm, dso, symbol, raw_buf, ev_type=EVTYPE_PEBS):
        for reg, value in zip(self._REGS, struct.unpack('10Q', raw_buf[0:80])):
            setattr(self, reg, value)
        PerfEvent.__init__(self, name, comm, dso, symbol, raw_buf, ev_type)
        PebsEvent.pebs_num += 1


class PebsNHM(PebsEvent):
    pebs_nhm_num = 0

    def __init__(self, name, comm, dso, symbol, raw_buf, ev_type=EVTYPE_PEBS_LL):
        self.status, self.dla, self.dse, self.lat = struct.unpack('4Q', raw_buf[144:176])
        PebsEvent.__init__(self, name, comm, dso, symbol, raw_buf, ev_type)
        PebsNHM.pebs_nhm_num += 1
