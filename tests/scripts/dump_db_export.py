# Prints every call perf script makes to a script in "database export mode" (the interface of
# export-to-sqlite.py and export-to-postgresql.py): each *_table handler's tuple as its repr,
# so that ids, values and types (int, str, bytes, bool) all show. Used by
# tests/e2e/script_python.sh with perf 7.2's output as the expectation.
#   perf script -s dump_db_export.py [calls] [callchains] [MAX_SAMPLES]
# "calls" and "callchains" set perf_db_export_calls / perf_db_export_callchains; MAX_SAMPLES
# stops printing sample_table rows after that many (the other tables are printed in full).
import sys

perf_db_export_mode = True
perf_db_export_calls = "calls" in sys.argv[1:]
perf_db_export_callchains = "callchains" in sys.argv[1:]

max_samples = None
for a in sys.argv[1:]:
    if a.isdigit():
        max_samples = int(a)

counts = {}


def show(table, x):
    counts[table] = counts.get(table, 0) + 1
    print("%s %r" % (table, x))


def trace_begin():
    print("trace_begin mode=%r calls=%r callchains=%r" %
          (perf_db_export_mode, perf_db_export_calls, perf_db_export_callchains))


def trace_end():
    for table in sorted(counts):
        print("count %s %d" % (table, counts[table]))
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
    n = counts.get("sample", 0)
    if max_samples is None or n < max_samples:
        show("sample", x)
    else:
        counts["sample"] = n + 1


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
