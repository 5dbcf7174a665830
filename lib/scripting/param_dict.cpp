#include "scripting/param_dict.h"

#include "scripting/py_ref.h"

#include <unordered_map>

namespace cperf {

PyObject* interned_key(const char* name) {
  static std::unordered_map<const char*, PyObject*> keys;  // owned, never freed
  auto [it, inserted] = keys.try_emplace(name, nullptr);
  if (inserted) it->second = PyUnicode_InternFromString(name);
  return it->second;
}

namespace {

PyObject* u64(uint64_t v) { return PyLong_FromUnsignedLongLong(v); }
PyObject* str(const std::string& s) { return PyUnicode_FromStringAndSize(s.data(), static_cast<Py_ssize_t>(s.size())); }

void put_location(PyObject* d, const ScriptLocation& l, const char* dso, const char* bid,
                  const char* map_start, const char* map_end, const char* sym,
                  const char* symoff, const char* pgoff) {
  if (l.map) {
    dict_put(d, dso, str(l.map->dso));
    dict_put(d, bid, str(l.map->build_id));
    dict_put(d, map_start, u64(l.map->start));
    dict_put(d, map_end, u64(l.map->end));
    dict_put(d, pgoff, u64(l.map->pgoff));
  }
  if (l.sym) {
    dict_put(d, sym, str(l.sym->name));
    dict_put(d, symoff, u64(l.sym->offset));
  }
}

PyObject* read_values(const ScriptSample& s) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(s.values.size()));
  for (size_t i = 0; i < s.values.size(); ++i) {
    const ScriptReadValue& v = s.values[i];
    // As perf: a 3-tuple whose third item stays NULL without PERF_FORMAT_LOST (its repr
    // shows "<NULL>").
    PyObject* t = PyTuple_New(3);
    PyTuple_SET_ITEM(t, 0, u64(v.id));
    PyTuple_SET_ITEM(t, 1, u64(v.value));
    if (s.read_lost) PyTuple_SET_ITEM(t, 2, u64(v.lost));
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), t);
  }
  return list;
}

// perf's PERF_IP_FLAG_CHARS, one letter per flag bit from bit 0.
std::string flag_letters(uint32_t flags) {
  static const char kChars[] = "bcrosyiABExghTD";
  std::string out;
  for (const char* c = kChars; *c; ++c, flags >>= 1)
    if (flags & 1) out += *c;
  return out;
}

PyObject* sample_dict(const ScriptSample& s) {
  PyObject* d = PyDict_New();
  dict_put(d, "id", u64(s.id));
  dict_put(d, "stream_id", u64(s.stream_id));
  // perf's sample pid and tid are u32: a sample with none (-1) gives 4294967295.
  dict_put(d, "pid", PyLong_FromLong(static_cast<long>(static_cast<uint32_t>(s.pid))));
  dict_put(d, "tid", PyLong_FromLong(static_cast<long>(static_cast<uint32_t>(s.tid))));
  dict_put(d, "cpu", PyLong_FromLong(static_cast<long>(s.cpu)));
  dict_put(d, "ip", u64(s.ip));
  dict_put(d, "time", u64(s.time));
  dict_put(d, "period", u64(s.period));
  dict_put(d, "phys_addr", u64(s.phys_addr));
  dict_put(d, "addr", u64(s.addr));
  if (s.time_enabled) dict_put(d, "time_enabled", u64(*s.time_enabled));
  if (s.time_running) dict_put(d, "time_running", u64(*s.time_running));
  dict_put(d, "values", read_values(s));
  dict_put(d, "weight", u64(s.weight));
  dict_put(d, "ins_lat", u64(s.ins_lat));
  dict_put(d, "transaction", u64(s.transaction));
  dict_put(d, "datasrc", u64(s.data_src));
  dict_put(d, "datasrc_decode", str(mem_data_src_text(s.data_src)));
  dict_put(d, "cpumode", PyLong_FromLong(s.cpumode));
  if (s.addr_where) {
    dict_put(d, "addr_correlates_sym", PyBool_FromLong(1));
    put_location(d, *s.addr_where, "addr_dso", "addr_dso_bid", "addr_dso_map_start",
                 "addr_dso_map_end", "addr_symbol", "addr_symoff", "addr_map_pgoff");
  }
  if (s.flags) dict_put(d, "flags", str(flag_letters(s.flags)));
  return d;
}

PyObject* brstack(const ScriptSample& s) {
  PyObject* list = PyList_New(0);
  for (const ScriptBranch& b : s.branches) {
    PyRef e(PyDict_New());
    dict_put(e.get(), "from", u64(b.from));
    dict_put(e.get(), "to", u64(b.to));
    dict_put(e.get(), "mispred", PyBool_FromLong(b.mispred));
    dict_put(e.get(), "predicted", PyBool_FromLong(b.predicted));
    dict_put(e.get(), "in_tx", PyBool_FromLong(b.in_tx));
    dict_put(e.get(), "abort", PyBool_FromLong(b.abort));
    dict_put(e.get(), "cycles", u64(b.cycles));
    dict_put(e.get(), "from_dsoname", str(b.from_dso));
    dict_put(e.get(), "to_dsoname", str(b.to_dso));
    PyList_Append(list, e.get());
  }
  return list;
}

PyObject* brstacksym(const ScriptSample& s) {
  PyObject* list = PyList_New(0);
  for (const ScriptBranch& b : s.branches) {
    PyRef e(PyDict_New());
    dict_put(e.get(), "from", str(b.from_sym));
    dict_put(e.get(), "to", str(b.to_sym));
    dict_put(e.get(), "pred", PyUnicode_FromString(b.mispred ? "M" : b.predicted ? "P" : "-"));
    dict_put(e.get(), "in_tx", PyUnicode_FromString(b.in_tx ? "X" : "-"));
    dict_put(e.get(), "abort", PyUnicode_FromString(b.abort ? "A" : "-"));
    PyList_Append(list, e.get());
  }
  return list;
}

}  // namespace

PyObject* build_callchain_list(const ScriptSample& s) {
  PyObject* list = PyList_New(0);
  for (const ScriptFrame& f : s.callchain) {
    PyRef e(PyDict_New());
    dict_put(e.get(), "ip", u64(f.ip));
    if (f.sym) {
      PyObject* sym = PyDict_New();
      dict_put(sym, "start", u64(f.sym->start));
      dict_put(sym, "end", u64(f.sym->end));
      dict_put(sym, "binding", PyLong_FromLong(f.sym->binding));
      dict_put(sym, "name", str(f.sym->name));
      dict_put(e.get(), "sym", sym);
      if (f.sym_off) dict_put(e.get(), "sym_off", u64(*f.sym_off));
      if (f.srcline) dict_put(e.get(), "sym_srcline", str(*f.srcline));
    }
    if (f.dso) dict_put(e.get(), "dso", str(*f.dso));
    PyList_Append(list, e.get());
  }
  return list;
}

PyObject* build_param_dict(const ScriptSample& s, PyObject* callchain) {
  PyObject* d = PyDict_New();
  dict_put(d, "ev_name", str(s.ev_name));
  dict_put(d, "attr", PyBytes_FromStringAndSize(s.attr.data(), static_cast<Py_ssize_t>(s.attr.size())));
  dict_put(d, "sample", sample_dict(s));
  dict_put(d, "raw_buf", PyBytes_FromStringAndSize(s.raw.data(), static_cast<Py_ssize_t>(s.raw.size())));
  dict_put(d, "comm", str(s.comm));
  put_location(d, s.where, "dso", "dso_bid", "dso_map_start", "dso_map_end", "symbol", "symoff",
               "map_pgoff");
  dict_put(d, "callchain", callchain ? callchain : build_callchain_list(s));
  dict_put(d, "brstack", brstack(s));
  dict_put(d, "brstacksym", brstacksym(s));
  if (s.iregs) dict_put(d, "iregs", str(*s.iregs));
  if (s.uregs) dict_put(d, "uregs", str(*s.uregs));
  return d;
}

}  // namespace cperf
