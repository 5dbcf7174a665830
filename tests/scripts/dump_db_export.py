# Prints every call perf script makes to a script in "database export mode" (the interface of
# export-to-sqlite.py and export-to-postgresql.py): each *_table handler's tuple as its repr,
# so that ids, values and types (int, str, bytes, bool) all show. Used by
# tests/e2e/script_python.sh with perf 7.2's output as the expectation.
#   perf script -s dump_db_export.py [calls] [callchains] [MAX_ROWS]
# "calls" and "callchains" set perf_db_export_calls / perf_db_export_callchains; MAX_ROWS
# stops printing each table's rows after that many. At the end, each table's row count and
# the sha256 of all its rows (printed or not). perf's random "/tmp/perf-vdso.so-XXXXXX" long
# name of [vdso] dsos is shown as "[vdso]", which cperf gives.
import hashlib
import re
import sys

perf_db_export_mode = True
perf_db_export_calls = "calls" in sys.argv[1:]
perf_db_export_callchains = "callchains" in sys.argv[1:]

max_rows = None
for a in sys.argv[1:]:
    if a.isdigit():
        max_rows = int(a)

counts = {}
digests = {}


def show(table, x):
    counts[table] = counts.get(table, 0) + 1
    # perf names a [vdso] dso's file after the random temporary copy it read symbols from.
    text = re.sub(r"'/tmp/perf-vdso\.so-[A-Za-z0-9]{6}'", "'[vdso]'", "%s %r" % (table, x))
    digests.setdefault(table, hashlib.sha256()).update((text + "\n").encode())
    if max_rows is None or counts[table] <= max_rows:
        print(text)


def trace_begin():
    print("trace_begin mode=%r calls=%r callchains=%r" %
          (perf_db_export_mode, perf_db_export_calls, perf_db_export_callchains))


def trace_end():
    for table in sorted(counts):
        print("count %s %d %s" % (table, counts[table], digests[table].hexdigest()))
    print("trace_end")


def evsel_table(*x):
    show("evsel", x)


def machine_table(*x):
    show("machine", x)


def thread_table(*x):
    show("thread", x)


def comm_table(*x):
    show("comm", x)


def comm_thread_table(*x):
    show("comm_thread", x)


def dso_table(*x):
    show("dso", x)


def symbol_table(*x):
    show("symbol", x)


def branch_type_table(*x):
    show("branch_type", x)


def sample_table(*x):
    show("sample", x)


def call_path_table(*x):
    show("call_path", x)


def call_return_table(*x):
    show("call_return", x)


def context_switch_table(*x):
    show("context_switch", x)


def synth_data(*x):
    show("synth_data", x)


# Not called in database export mode for non-tracepoint samples.
def process_event(param_dict):
    show("process_event", (param_dict["ev_name"],))


def trace_unhandled(event_name, context, event_fields_dict, perf_sample_dict):
    show("trace_unhandled", (event_name, perf_sample_dict["sample"]["time"]))
