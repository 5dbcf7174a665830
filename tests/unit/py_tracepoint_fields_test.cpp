// Tracepoint payload decoding for Python handlers: perf's conversions (no sign extension of
// signed fields narrower than 64 bits, printable char arrays as str, other arrays as
// bytearray, __data_loc strings), and the flag/symbol tables of a print format.
#include <event-parse.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "scripting/py_ref.h"
#include "scripting/python_engine.h"
#include "scripting/tracepoint_fields.h"

namespace cperf {
namespace {

const char kFormat[] =
    "name: demo\n"
    "ID: 42\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:char comm[8];\toffset:8;\tsize:8;\tsigned:1;\n"
    "\tfield:int delta;\toffset:16;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned long state;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:32;\tsize:4;\tsigned:1;\n"
    "\tfield:char raw[4];\toffset:36;\tsize:4;\tsigned:1;\n"
    "\n"
    "print fmt: \"comm=%s state=%s\", REC->comm, __print_flags(REC->state, \"|\", "
    "{ 1, \"S\" }, { 2, \"D\" })\n";

class TracepointFieldsTest : public ::testing::Test {
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
  void SetUp() override {
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    ASSERT_EQ(tep_parse_event(tep_, kFormat, sizeof(kFormat) - 1, "demo_sys"), 0);
    event_ = tep_find_event(tep_, 42);
    ASSERT_NE(event_, nullptr);
  }
  void TearDown() override { tep_free(tep_); }

  std::vector<char> record() const {
    std::vector<char> d(64 + 0x10000, 0);
    d[3] = 2;                                  // preempt count
    int32_t pid = 1234, delta = -1;
    std::memcpy(&d[4], &pid, 4);
    std::memcpy(&d[8], "perf", 5);
    std::memcpy(&d[16], &delta, 4);
    uint64_t state = 3;
    std::memcpy(&d[24], &state, 8);
    uint32_t loc = (6u << 16) | 48u;           // 6 bytes at offset 48
    std::memcpy(&d[32], &loc, 4);
    std::memcpy(&d[36], "\x01\x02\x03\x04", 4);
    std::memcpy(&d[48], "hello", 6);
    return d;
  }

  tep_handle* tep_ = nullptr;
  tep_event* event_ = nullptr;
};

TEST_F(TracepointFieldsTest, ValuesAsPerfHandsThem) {
  std::vector<char> d = record();
  auto fields = tracepoint_field_values(tep_, event_, d.data());
  ASSERT_EQ(fields.size(), 5u);  // the payload fields, not the common ones
  std::vector<PyRef> refs;
  for (auto& f : fields) refs.emplace_back(f.second);
  EXPECT_STREQ(fields[0].first, "comm");
  EXPECT_STREQ(PyUnicode_AsUTF8(fields[0].second), "perf");
  EXPECT_EQ(PyLong_AsUnsignedLongLong(fields[1].second), 4294967295ull);  // -1, not extended
  EXPECT_EQ(PyLong_AsUnsignedLongLong(fields[2].second), 3u);
  EXPECT_STREQ(PyUnicode_AsUTF8(fields[3].second), "hello");
  EXPECT_TRUE(PyByteArray_Check(fields[4].second));                      // not printable
  EXPECT_EQ(PyByteArray_Size(fields[4].second), 4);
}

TEST_F(TracepointFieldsTest, FlagTablesAnnounced) {
  std::vector<std::string> calls;
  define_event_symbols(event_, "demo_sys__demo", [&](const char* h, PyObject* args) {
    PyRef a(args);
    PyRef text(PyObject_Str(a.get()));
    calls.push_back(std::string(h) + PyUnicode_AsUTF8(text.get()));
  });
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0], "define_flag_field('demo_sys__demo', 'state', '|')");
  EXPECT_EQ(calls[1], "define_flag_value('demo_sys__demo', 'state', 1, 'S')");
  EXPECT_EQ(calls[2], "define_flag_value('demo_sys__demo', 'state', 2, 'D')");
}

}  // namespace
}  // namespace cperf
