#include "scripting/python_engine.h"

#include <event-parse.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include "scripting/db_export.h"
#include "scripting/param_dict.h"
#include "scripting/py_ref.h"
#include "scripting/trace_context.h"
#include "scripting/tracepoint_fields.h"

#ifndef CPERF_PYTHON_HOME
#define CPERF_PYTHON_HOME "/usr"
#endif

namespace cperf {

std::string python_home() {
  const char* env = std::getenv("CPERF_PYTHONHOME");
  return env && *env ? env : CPERF_PYTHON_HOME;
}

struct PythonEngine::Impl : DbTables {
  PyObject* main_dict = nullptr;  // borrowed from __main__, which lives until finalization
  TraceContext context;
  PyRef capsule;
  std::set<int> defined_events;  // events whose flag/symbol tables were announced
  bool finished = false;
  // Database export mode: the script's *_table handlers (borrowed), and the row maker.
  PyObject* tables[kCount] = {};
  std::unique_ptr<DbExport> db;

  bool has(Table t) const override { return tables[t] != nullptr; }
  void row(Table t, const std::vector<Value>& values) override {
    PyRef args(PyTuple_New(static_cast<Py_ssize_t>(values.size())));
    for (size_t i = 0; i < values.size(); ++i) {
      const Value& v = values[i];
      PyObject* o = nullptr;
      switch (v.kind) {
        case Value::kI64: o = PyLong_FromLongLong(v.i); break;
        case Value::kI32: o = PyLong_FromLong(static_cast<long>(v.i)); break;
        case Value::kU32: o = PyLong_FromUnsignedLong(static_cast<unsigned long>(v.i)); break;
        case Value::kStr: o = PyUnicode_FromStringAndSize(v.s.data(), static_cast<Py_ssize_t>(v.s.size())); break;
      }
      PyTuple_SET_ITEM(args.get(), static_cast<Py_ssize_t>(i), o);
    }
    call(tables[t], args.get(), "table");
  }
  // perf's set_table_handlers: the script's perf_db_export_* globals, read after trace_begin.
  void start_db_export();

  // A callable global of the script, or nullptr (borrowed).
  PyObject* handler(const char* name) const {
    PyObject* h = PyDict_GetItemString(main_dict, name);
    return h && PyCallable_Check(h) ? h : nullptr;
  }

  // perf's call_object: an exception in a handler ends the run.
  static void call(PyObject* h, PyObject* args, const char* name) {
    PyObject* r = PyObject_CallObject(h, args);
    if (!r) {
      PyErr_Print();
      (void)name;
      Py_FatalError("problem in Python trace event handler");
    }
    Py_DECREF(r);
  }

  void try_call(const char* name, PyObject* args) {
    if (PyObject* h = handler(name)) call(h, args, name);
  }

  static int argument_count(PyObject* h) {
    PyRef code(PyObject_GetAttrString(h, "__code__"));
    PyErr_Clear();
    if (!code) return 0;
    PyRef n(PyObject_GetAttrString(code.get(), "co_argcount"));
    PyErr_Clear();
    return n ? static_cast<int>(PyLong_AsLong(n.get())) : 0;
  }

  void tracepoint(const ScriptSample& s, const TracepointPayload& tp);
};

namespace {

// Runs the interpreter with argv = [script, args...]; false when Python cannot start.
bool start_interpreter(const std::string& script, const std::vector<std::string>& args) {
  register_perf_trace_context_module();
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  std::string home = python_home();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(script.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  bool ok = !PyStatus_Exception(PyConfig_SetBytesString(&config, &config.home, home.c_str())) &&
            !PyStatus_Exception(PyConfig_SetBytesArgv(&config, static_cast<Py_ssize_t>(argv.size()), argv.data()));
  config.parse_argv = 0;
  if (ok) {
    PyStatus st = Py_InitializeFromConfig(&config);
    if (PyStatus_Exception(st)) {
      std::fprintf(stderr, "cperf: cannot start Python (home %s): %s\n", home.c_str(),
                   st.err_msg ? st.err_msg : "");
      ok = false;
    }
  }
  PyConfig_Clear(&config);
  if (!ok) return false;
  // As PySys_SetArgv: the script's real directory leads sys.path.
  char real[PATH_MAX];
  std::string dir;
  if (realpath(script.c_str(), real)) {
    dir = real;
    dir.erase(dir.rfind('/') == 0 ? 1 : dir.rfind('/'));
  }
  if (!dir.empty()) {
    PyObject* path = PySys_GetObject("path");  // borrowed
    PyRef d(PyUnicode_DecodeFSDefault(dir.c_str()));
    if (path && d) PyList_Insert(path, 0, d.get());
  }
  return true;
}

}  // namespace

std::unique_ptr<PythonEngine> PythonEngine::start(const std::string& script,
                                                  const std::vector<std::string>& args) {
  std::FILE* fp = std::fopen(script.c_str(), "r");
  if (!fp) {
    std::string msg = "Can't open python script \"" + script + "\"";
    std::perror(msg.c_str());
    return nullptr;
  }
  if (!start_interpreter(script, args)) {
    std::fclose(fp);
    return nullptr;
  }
  auto impl = std::make_unique<Impl>();
  int err = PyRun_SimpleFileExFlags(fp, script.c_str(), 1, nullptr);
  if (err) {
    std::fprintf(stderr, "Error running python script %s\n", script.c_str());
    Py_Finalize();
    return nullptr;
  }
  PyObject* main_module = PyImport_AddModule("__main__");
  impl->main_dict = main_module ? PyModule_GetDict(main_module) : nullptr;
  PyObject* ctx_module = PyImport_AddModule("perf_trace_context");
  if (!impl->main_dict || !ctx_module) {
    std::fprintf(stderr, "Error starting python script %s\n", script.c_str());
    Py_Finalize();
    return nullptr;
  }
  impl->capsule = PyRef(PyCapsule_New(&impl->context, nullptr, nullptr));
  PyDict_SetItemString(PyModule_GetDict(ctx_module), "perf_script_context", impl->capsule.get());
  PyDict_SetItemString(impl->main_dict, "perf_script_context", impl->capsule.get());
  impl->try_call("trace_begin", nullptr);
  impl->start_db_export();
  return std::unique_ptr<PythonEngine>(new PythonEngine(std::move(impl)));
}

PythonEngine::PythonEngine(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PythonEngine::~PythonEngine() { finish(); }

bool PythonEngine::has_handler(const char* name) const { return impl_->handler(name) != nullptr; }

namespace {

// A global of the script as a truth value; perf dies when it has none.
bool script_flag(PyObject* main_dict, const char* name) {
  PyObject* v = PyDict_GetItemString(main_dict, name);
  if (!v) return false;
  int r = PyObject_IsTrue(v);
  if (r == -1) {
    PyErr_Print();
    Py_FatalError(name);
  }
  return r == 1;
}

}  // namespace

void PythonEngine::Impl::start_db_export() {
  if (!script_flag(main_dict, "perf_db_export_mode")) return;
  bool calls = script_flag(main_dict, "perf_db_export_calls");
  bool callchains = script_flag(main_dict, "perf_db_export_callchains");
  static const char* const kNames[kCount] = {
      "evsel_table", "machine_table", "thread_table", "comm_table", "comm_thread_table",
      "dso_table", "symbol_table", "branch_type_table", "sample_table", "call_path_table",
      "context_switch_table"};
  for (int t = 0; t < kCount; ++t) tables[t] = handler(kNames[t]);
  db = std::make_unique<DbExport>(*this, callchains, calls);
  db->branch_types();
}

bool PythonEngine::db_export() const { return impl_->db != nullptr; }

void PythonEngine::db_sample(Machine& m, bool comm_exec, const DbSample& s) {
  impl_->db->sample(m, comm_exec, s);
}

void PythonEngine::db_switch(Machine& m, bool comm_exec, const DbSwitch& sw) {
  impl_->db->context_switch(m, comm_exec, sw);
}

void PythonEngine::finish() {
  if (!impl_ || impl_->finished) return;
  impl_->finished = true;
  impl_->try_call("trace_end", nullptr);
  impl_->capsule = PyRef();
  std::fflush(stdout);
  Py_Finalize();
}

void PythonEngine::sample(const ScriptSample& s, const TracepointPayload* tp) {
  impl_->context = TraceContext{};
  impl_->context.insn = &s.insn;
  if (tp && tp->event) {
    impl_->context = TraceContext{tp->tep, tp->event, tp->data, tp->size, &s.insn};
    impl_->tracepoint(s, *tp);
    return;
  }
  PyObject* h = impl_->handler("process_event");
  if (!h) return;
  PyRef args(PyTuple_New(1));
  PyTuple_SET_ITEM(args.get(), 0, build_param_dict(s));
  Impl::call(h, args.get(), "process_event");
}

void PythonEngine::context_switch(const ScriptSwitch& sw) {
  PyObject* h = impl_->handler("context_switch");
  if (!h) return;
  // The host machine's pid is -1 (perf's HOST_KERNEL_ID); samples carry machine_pid 0 and
  // vcpu -1 outside guests.
  PyRef args(Py_BuildValue("(KiiiiiiOOii)", static_cast<unsigned long long>(sw.time), sw.cpu, sw.pid,
                           sw.tid, sw.np_pid, sw.np_tid, -1, sw.out ? Py_True : Py_False,
                           sw.out_preempt ? Py_True : Py_False, 0, -1));
  Impl::call(h, args.get(), "context_switch");
}

void PythonEngine::throttle(const ScriptThrottle& t) {
  PyObject* h = impl_->handler(t.unthrottle ? "unthrottle" : "throttle");
  if (!h) return;
  PyRef args(Py_BuildValue("(KKKiii)", static_cast<unsigned long long>(t.time),
                           static_cast<unsigned long long>(t.id),
                           static_cast<unsigned long long>(t.stream_id), t.cpu, t.pid, t.tid));
  Impl::call(h, args.get(), t.unthrottle ? "unthrottle" : "throttle");
}

// perf 7.2 calls stat__<event> handlers only for counters with their own cpu and thread maps,
// which a recorded file's counters do not get: each round reaches stat__interval alone.
void PythonEngine::stat_round(uint64_t time) {
  PyObject* h = impl_->handler("stat__interval");
  if (!h) return;
  PyRef args(Py_BuildValue("(K)", static_cast<unsigned long long>(time)));
  Impl::call(h, args.get(), "stat__interval");
}

void PythonEngine::Impl::tracepoint(const ScriptSample& s, const TracepointPayload& tp) {
  tep_event* ev = tp.event;
  std::string name = std::string(ev->system) + "__" + ev->name;
  if (defined_events.insert(ev->id).second)
    define_event_symbols(ev, name, [this](const char* h, PyObject* args) {
      PyRef a(args);
      try_call(h, a.get());
    });
  PyObject* h = handler(name.c_str());
  bool unhandled = false;
  if (!h) {
    h = handler("trace_unhandled");
    if (!h) return;
    unhandled = true;
  }
  int pid = 0;
  if (tep_format_field* f = tep_find_common_field(ev, "common_pid"))
    pid = static_cast<int>(tep_read_number(tp.tep, static_cast<const char*>(tp.data) + f->offset, f->size));
  unsigned long secs = s.time / 1000000000, nsecs = s.time % 1000000000;
  PyObject* callchain = build_callchain_list(s);
  std::vector<PyObject*> items;
  items.push_back(PyUnicode_FromString(name.c_str()));
  items.push_back(Py_NewRef(capsule.get()));
  PyRef fields_dict;
  if (!unhandled) {
    items.push_back(PyLong_FromLong(static_cast<long>(s.cpu)));
    items.push_back(PyLong_FromLong(static_cast<long>(secs)));
    items.push_back(PyLong_FromLong(static_cast<long>(nsecs)));
    items.push_back(PyLong_FromLong(pid));
    items.push_back(PyUnicode_FromString(s.comm.c_str()));
    items.push_back(Py_NewRef(callchain));
  } else {
    fields_dict = PyRef(PyDict_New());
    dict_put(fields_dict.get(), "common_cpu", PyLong_FromLong(static_cast<long>(s.cpu)));
    dict_put(fields_dict.get(), "common_s", PyLong_FromLong(static_cast<long>(secs)));
    dict_put(fields_dict.get(), "common_ns", PyLong_FromLong(static_cast<long>(nsecs)));
    dict_put(fields_dict.get(), "common_pid", PyLong_FromLong(pid));
    dict_put(fields_dict.get(), "common_comm", PyUnicode_FromString(s.comm.c_str()));
    dict_put(fields_dict.get(), "common_callchain", Py_NewRef(callchain));
  }
  for (auto& [fname, obj] : tracepoint_field_values(tp.tep, ev, tp.data)) {
    if (unhandled)
      dict_put(fields_dict.get(), fname, obj);
    else
      items.push_back(obj);
  }
  if (unhandled) items.push_back(fields_dict.release());
  if (argument_count(h) == static_cast<int>(items.size()) + 1)
    items.push_back(build_param_dict(s, Py_NewRef(callchain)));
  Py_DECREF(callchain);
  PyRef args(PyTuple_New(static_cast<Py_ssize_t>(items.size())));
  for (size_t i = 0; i < items.size(); ++i) PyTuple_SET_ITEM(args.get(), static_cast<Py_ssize_t>(i), items[i]);
  call(h, args.get(), name.c_str());
}

}  // namespace cperf
