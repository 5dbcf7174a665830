// The perf_trace_context module: functions perf's scripts call with the handler's `context`
// (a capsule holding a TraceContext*).
#include "scripting/trace_context.h"

#include <event-parse.h>

#include "scripting/py_ref.h"

namespace cperf {

namespace {

const TraceContext* context_of(PyObject* args) {
  PyObject* capsule = nullptr;
  if (!PyArg_ParseTuple(args, "O", &capsule)) return nullptr;
  return static_cast<const TraceContext*>(PyCapsule_GetPointer(capsule, nullptr));
}

// A common_* field of the current tracepoint sample; `absent` when there is none.
long common_field(PyObject* args, const char* name, long absent) {
  const TraceContext* c = context_of(args);
  if (!c || !c->tep || !c->event || !c->raw) return absent;
  tep_format_field* f = tep_find_common_field(c->event, name);
  if (!f || f->offset + f->size > static_cast<int>(c->raw_size)) return absent;
  return static_cast<long>(tep_read_number(c->tep, static_cast<const char*>(c->raw) + f->offset, f->size));
}

PyObject* common_pc(PyObject*, PyObject* args) {
  long v = common_field(args, "common_preempt_count", 0);
  if (PyErr_Occurred()) return nullptr;
  return PyLong_FromLong(v);
}

PyObject* common_flags(PyObject*, PyObject* args) {
  long v = common_field(args, "common_flags", 0);
  if (PyErr_Occurred()) return nullptr;
  return PyLong_FromLong(v);
}

PyObject* common_lock_depth(PyObject*, PyObject* args) {
  long v = common_field(args, "common_lock_depth", 0);
  if (PyErr_Occurred()) return nullptr;
  return PyLong_FromLong(v);
}

// The sample's instruction, read from its dso as script's insn field reads it; None without.
PyObject* sample_insn(PyObject*, PyObject* args) {
  const TraceContext* c = context_of(args);
  if (!c && PyErr_Occurred()) return nullptr;
  if (!c || !c->insn || c->insn->empty()) Py_RETURN_NONE;
  return PyBytes_FromStringAndSize(c->insn->data(), static_cast<Py_ssize_t>(c->insn->size()));
}

PyObject* set_itrace_options(PyObject*, PyObject* args) {
  PyObject* capsule = nullptr;
  const char* opts = nullptr;
  if (!PyArg_ParseTuple(args, "Os", &capsule, &opts)) return nullptr;
  return PyLong_FromLong(-1);  // no instruction trace decoder to configure
}

PyObject* sample_srcline(PyObject*, PyObject* args) {
  if (!context_of(args) && PyErr_Occurred()) return nullptr;
  return Py_BuildValue("(Oi)", Py_None, 0);
}

PyObject* sample_srccode(PyObject*, PyObject* args) {
  if (!context_of(args) && PyErr_Occurred()) return nullptr;
  return Py_BuildValue("(OiO)", Py_None, 0, Py_None);
}

PyMethodDef kMethods[] = {
    {"common_pc", common_pc, METH_VARARGS, "Get the common preempt count event field value."},
    {"common_flags", common_flags, METH_VARARGS, "Get the common flags event field value."},
    {"common_lock_depth", common_lock_depth, METH_VARARGS, "Get the common lock depth event field value."},
    {"perf_sample_insn", sample_insn, METH_VARARGS, "Get the instruction bytes of the sample."},
    {"perf_set_itrace_options", set_itrace_options, METH_VARARGS, "Set itrace options."},
    {"perf_sample_srcline", sample_srcline, METH_VARARGS, "Get the source file name and line."},
    {"perf_sample_srccode", sample_srccode, METH_VARARGS, "Get the source file, line and code."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef kModule = {PyModuleDef_HEAD_INIT, "perf_trace_context", nullptr, -1, kMethods,
                       nullptr, nullptr, nullptr, nullptr};

PyObject* init_module() { return PyModule_Create(&kModule); }

}  // namespace

void register_perf_trace_context_module() {
  PyImport_AppendInittab("perf_trace_context", &init_module);
}

}  // namespace cperf
