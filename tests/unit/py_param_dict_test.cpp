// The param_dict builder: perf 7.2's keys and value types for process_event().
#include <gtest/gtest.h>

#include "scripting/param_dict.h"
#include "scripting/py_ref.h"
#include "scripting/python_engine.h"

namespace cperf {
namespace {

class ParamDictTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (Py_IsInitialized()) return;
    PyConfig config;
    PyConfig_InitIsolatedConfig(&config);
    std::string home = python_home();
    PyConfig_SetBytesString(&config, &config.home, home.c_str());
    Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
  }

  static PyObject* get(PyObject* d, const char* key) { return PyDict_GetItemString(d, key); }
  static std::string type_of(PyObject* o) { return o ? Py_TYPE(o)->tp_name : "<absent>"; }
  static std::string text(PyObject* o) {
    const char* s = o ? PyUnicode_AsUTF8(o) : nullptr;
    return s ? s : "";
  }
  static unsigned long long number(PyObject* o) { return o ? PyLong_AsUnsignedLongLong(o) : 0; }
};

ScriptSample kernel_sample() {
  ScriptSample s;
  s.ev_name = "cpu-clock";
  s.attr.assign(144, '\0');
  s.pid = 112;
  s.tid = 113;
  s.ip = 0xffffffff81000010ULL;
  s.time = 4603764524;
  s.period = 250000;
  s.values.push_back({});
  s.data_src = 0x1E05080021ULL;
  s.cpumode = 1;
  s.comm = "deep";
  s.where.map = ScriptLocation::MapInfo{"[kernel.kallsyms]", "8a55", 0xffffffff81000000ULL,
                                        0xffffffff82000000ULL, 0};
  s.where.sym = ScriptLocation::SymInfo{"do_syscall_64", 0x10};
  ScriptFrame k;
  k.ip = s.ip;
  k.sym = ScriptFrame::Sym{0xffffffff81000000ULL, 0xffffffff81000100ULL, 1, "do_syscall_64"};
  k.sym_off = 0x10;
  k.dso = "[kernel.kallsyms]";
  ScriptFrame u;
  u.ip = 0x401000;
  u.sym = ScriptFrame::Sym{0x1000, 0x1020, 1, "_start"};
  u.sym_off = 0;
  u.srcline = "??:0";
  u.dso = "/bench/deep";
  ScriptFrame unknown;
  unknown.ip = 0x1234;
  s.callchain = {k, u, unknown};
  return s;
}

TEST_F(ParamDictTest, TopLevelKeysAndTypes) {
  PyRef d(build_param_dict(kernel_sample()));
  ASSERT_TRUE(d);
  EXPECT_EQ(text(get(d.get(), "ev_name")), "cpu-clock");
  EXPECT_EQ(type_of(get(d.get(), "attr")), "bytes");
  EXPECT_EQ(PyBytes_Size(get(d.get(), "attr")), 144);
  EXPECT_EQ(type_of(get(d.get(), "raw_buf")), "bytes");
  EXPECT_EQ(text(get(d.get(), "comm")), "deep");
  EXPECT_EQ(text(get(d.get(), "dso")), "[kernel.kallsyms]");
  EXPECT_EQ(text(get(d.get(), "dso_bid")), "8a55");
  EXPECT_EQ(number(get(d.get(), "dso_map_start")), 0xffffffff81000000ULL);
  EXPECT_EQ(number(get(d.get(), "dso_map_end")), 0xffffffff82000000ULL);
  EXPECT_EQ(number(get(d.get(), "map_pgoff")), 0u);
  EXPECT_EQ(text(get(d.get(), "symbol")), "do_syscall_64");
  EXPECT_EQ(number(get(d.get(), "symoff")), 0x10u);
  EXPECT_EQ(type_of(get(d.get(), "brstack")), "list");
  EXPECT_EQ(type_of(get(d.get(), "brstacksym")), "list");
  EXPECT_EQ(PyDict_Size(d.get()), 15);  // perf 7.2's set for a sample without regs
}

TEST_F(ParamDictTest, SampleSubDict) {
  PyRef d(build_param_dict(kernel_sample()));
  PyObject* s = get(d.get(), "sample");
  ASSERT_EQ(type_of(s), "dict");
  for (const char* k : {"id", "stream_id", "pid", "tid", "cpu", "ip", "time", "period",
                        "phys_addr", "addr", "values", "weight", "ins_lat", "transaction",
                        "datasrc", "datasrc_decode", "cpumode"})
    EXPECT_NE(get(s, k), nullptr) << k;
  EXPECT_EQ(PyDict_Size(s), 17);
  EXPECT_EQ(number(get(s, "cpu")), 4294967295u);  // (u32)-1: the sample had no CPU
  EXPECT_EQ(number(get(s, "id")), ~0ULL);
  EXPECT_EQ(number(get(s, "pid")), 112u);
  EXPECT_EQ(number(get(s, "tid")), 113u);
  EXPECT_EQ(text(get(s, "datasrc_decode")), "|OP N/A|LVL N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A");
  PyObject* values = get(s, "values");
  ASSERT_EQ(type_of(values), "list");
  ASSERT_EQ(PyList_Size(values), 1);
  EXPECT_EQ(type_of(PyList_GetItem(values, 0)), "tuple");
  EXPECT_EQ(PyTuple_GET_ITEM(PyList_GetItem(values, 0), 2), nullptr);  // no PERF_FORMAT_LOST
  EXPECT_EQ(get(s, "time_enabled"), nullptr);
  EXPECT_EQ(get(s, "flags"), nullptr);
}

// perf's sample pid and tid are unsigned: a sample without a thread (pid -1, as some
// sched_switch samples of a system-wide recording have) shows 4294967295, as perf 7.2's
// task-analyzer prints.
TEST_F(ParamDictTest, PidAndTidAreUnsigned) {
  ScriptSample k = kernel_sample();
  k.pid = k.tid = -1;
  PyRef d(build_param_dict(k));
  PyObject* s = get(d.get(), "sample");
  EXPECT_EQ(number(get(s, "pid")), 4294967295u);
  EXPECT_EQ(number(get(s, "tid")), 4294967295u);
}

TEST_F(ParamDictTest, CallchainFrames) {
  PyRef d(build_param_dict(kernel_sample()));
  PyObject* chain = get(d.get(), "callchain");
  ASSERT_EQ(PyList_Size(chain), 3);
  PyObject* k = PyList_GetItem(chain, 0);
  EXPECT_EQ(text(get(get(k, "sym"), "name")), "do_syscall_64");
  EXPECT_EQ(number(get(get(k, "sym"), "binding")), 1u);
  EXPECT_EQ(number(get(k, "sym_off")), 0x10u);
  EXPECT_EQ(get(k, "sym_srcline"), nullptr);
  PyObject* u = PyList_GetItem(chain, 1);
  EXPECT_EQ(text(get(u, "sym_srcline")), "??:0");
  EXPECT_EQ(text(get(u, "dso")), "/bench/deep");
  PyObject* unknown = PyList_GetItem(chain, 2);
  EXPECT_EQ(PyDict_Size(unknown), 1);  // ip only: no map, no symbol
  EXPECT_EQ(number(get(unknown, "ip")), 0x1234u);
}

TEST_F(ParamDictTest, BranchStack) {
  ScriptSample s = kernel_sample();
  ScriptBranch b;
  b.from = 1;
  b.to = 2;
  b.mispred = true;
  b.cycles = 5;
  b.from_dso = "/bench/deep";
  b.to_dso = "[unknown]";
  b.from_sym = "main+0x4";
  b.to_sym = "[unknown]";
  s.branches.push_back(b);
  PyRef d(build_param_dict(s));
  PyObject* e = PyList_GetItem(get(d.get(), "brstack"), 0);
  EXPECT_EQ(get(e, "mispred"), Py_True);
  EXPECT_EQ(get(e, "predicted"), Py_False);
  EXPECT_EQ(number(get(e, "cycles")), 5u);
  EXPECT_EQ(text(get(e, "to_dsoname")), "[unknown]");
  PyObject* sym = PyList_GetItem(get(d.get(), "brstacksym"), 0);
  EXPECT_EQ(text(get(sym, "from")), "main+0x4");
  EXPECT_EQ(text(get(sym, "pred")), "M");
  EXPECT_EQ(text(get(sym, "in_tx")), "-");
}

TEST_F(ParamDictTest, AbsentMapAndSymbolLeaveKeysOut) {
  ScriptSample s = kernel_sample();
  s.where = {};
  PyRef d(build_param_dict(s));
  for (const char* k : {"dso", "dso_bid", "dso_map_start", "dso_map_end", "map_pgoff", "symbol", "symoff"})
    EXPECT_EQ(get(d.get(), k), nullptr) << k;
}

}  // namespace
}  // namespace cperf
