// Tracepoint fields in a CTF event class, typed as perf's CTF converter types them: the
// common_* fields first, strings as strings, unsigned long and pointers as hexadecimal u64,
// signed integers by size (sign-extended), char arrays as strings, other arrays as arrays,
// __data_loc strings read where their location word points, CTF keywords prefixed with '_'.
#include <babeltrace/ctf-writer/clock.h>
#include <babeltrace/ctf-writer/event-fields.h>
#include <babeltrace/ctf-writer/event-types.h>
#include <babeltrace/ctf-writer/event.h>
#include <babeltrace/ctf-writer/stream-class.h>
#include <babeltrace/ctf-writer/stream.h>
#include <babeltrace/ctf-writer/writer.h>
#include <event-parse.h>
#include <stdlib.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "convert/ctf_tracepoint.h"

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
    "\tfield:short delta;\toffset:16;\tsize:2;\tsigned:1;\n"
    "\tfield:unsigned long state;\toffset:24;\tsize:8;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:32;\tsize:4;\tsigned:1;\n"
    "\tfield:unsigned int ids[2];\toffset:36;\tsize:8;\tsigned:0;\n"
    "\tfield:int event;\toffset:44;\tsize:4;\tsigned:1;\n"
    "\n"
    "print fmt: \"comm=%s\", REC->comm\n";

class CtfTracepointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tep_ = tep_alloc();
    tep_set_long_size(tep_, 8);
    ASSERT_EQ(tep_parse_event(tep_, kFormat, sizeof(kFormat) - 1, "demo_sys"), 0);
    event_ = tep_find_event(tep_, 42);
    ASSERT_NE(event_, nullptr);
    ASSERT_TRUE(types_.make());
    cls_ = bt_ctf_event_class_create("demo");
    ASSERT_NE(cls_, nullptr);
  }
  void TearDown() override {
    if (writer_) detach();
    bt_ctf_event_class_put(cls_);
    tep_free(tep_);
  }
  // The class joins a stream class (babeltrace makes events of such classes only): call it once
  // its fields are there.
  void attach() {
    ASSERT_TRUE(mkdtemp(dir_));
    writer_ = bt_ctf_writer_create(dir_);
    clock_ = bt_ctf_clock_create("perf_clock");
    bt_ctf_writer_add_clock(writer_, clock_);
    stream_class_ = bt_ctf_stream_class_create("perf_stream");
    bt_ctf_stream_class_set_clock(stream_class_, clock_);
    ASSERT_EQ(bt_ctf_stream_class_add_event_class(stream_class_, cls_), 0);
  }
  void detach() {
    if (stream_class_) bt_ctf_stream_class_put(stream_class_);
    if (clock_) bt_ctf_clock_put(clock_);
    if (writer_) bt_ctf_writer_put(writer_);
    writer_ = nullptr;
    if (*dir_ != '/' || std::system((std::string("rm -rf ") + dir_).c_str()) != 0) ADD_FAILURE() << "cannot remove " << dir_;
  }
  // The event as babeltrace2 prints it (one line); empty when babeltrace2 is missing.
  std::string read_back(bt_ctf_event* ev) {
    bt_ctf_stream* st = bt_ctf_writer_create_stream(writer_, stream_class_);
    bt_ctf_clock_set_time(clock_, 1);
    EXPECT_EQ(bt_ctf_stream_append_event(st, ev), 0);
    EXPECT_EQ(bt_ctf_stream_flush(st), 0);
    bt_ctf_writer_flush_metadata(writer_);
    bt_ctf_stream_put(st);
    std::string out;
    std::string cmd = std::string("babeltrace2 ") + dir_ + " 2>/dev/null";
    if (std::FILE* p = ::popen(cmd.c_str(), "r")) {
      char buf[4096];
      while (std::fgets(buf, sizeof buf, p)) out += buf;
      ::pclose(p);
    }
    return out;
  }
  char dir_[32] = "/tmp/cperf-ctf-unit.XXXXXX";
  bt_ctf_writer* writer_ = nullptr;
  bt_ctf_clock* clock_ = nullptr;
  bt_ctf_stream_class* stream_class_ = nullptr;
  tep_handle* tep_ = nullptr;
  tep_event* event_ = nullptr;
  CtfTypes types_;
  bt_ctf_event_class* cls_ = nullptr;
};

TEST_F(CtfTracepointTest, FieldsAreNamedInPerfsOrderWithKeywordsPrefixed) {
  CtfTracepointFields tf;
  ASSERT_TRUE(add_tracepoint_fields(cls_, event_, types_, tf));
  std::vector<std::string> names;
  for (const auto& f : tf.fields) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{"common_type", "common_flags", "common_preempt_count", "common_pid",
                                             "comm", "delta", "state", "name", "ids", "_event"}));
}

TEST_F(CtfTracepointTest, ValuesAreTypedAndSignExtended) {
  CtfTracepointFields tf;
  ASSERT_TRUE(add_tracepoint_fields(cls_, event_, types_, tf));
  std::vector<char> d(64, 0);
  uint16_t type = 42;
  std::memcpy(&d[0], &type, 2);
  int32_t pid = -7;
  std::memcpy(&d[4], &pid, 4);
  std::memcpy(&d[8], "abcdefgh", 8);  // a full char array: no NUL inside the field
  int16_t delta = -2;
  std::memcpy(&d[16], &delta, 2);
  uint64_t state = 0xdeadbeef;
  std::memcpy(&d[24], &state, 8);
  uint32_t loc = (4u << 16) | 48;  // "xyz\0" at 48
  std::memcpy(&d[32], &loc, 4);
  std::memcpy(&d[48], "x\tz", 4);
  uint32_t ids[2] = {5, 6};
  std::memcpy(&d[36], ids, 8);
  attach();
  bt_ctf_event* ev = bt_ctf_event_create(cls_);
  ASSERT_NE(ev, nullptr);
  ASSERT_TRUE(set_tracepoint_values(ev, cls_, tf, types_, d.data(), d.size()));
  // the types, whether or not babeltrace2 is here to read the values back (it shows "_event"
  // as "event": CTF readers drop the one underscore)
  struct bt_ctf_field_type* t = bt_ctf_event_class_get_field_by_name(cls_, "delta");
  EXPECT_EQ(bt_ctf_field_type_integer_get_signed(t), 1);
  bt_ctf_field_type_put(t);
  t = bt_ctf_event_class_get_field_by_name(cls_, "state");
  EXPECT_EQ(bt_ctf_field_type_integer_get_signed(t), 0);
  bt_ctf_field_type_put(t);
  std::string line = read_back(ev);
  bt_ctf_event_put(ev);
  if (line.empty()) GTEST_SKIP() << "no babeltrace2 to read the trace back";
  EXPECT_NE(line.find("{ common_type = 42, common_flags = 0, common_preempt_count = 0, common_pid = -7, "
                      "comm = \"abcdefgh\", delta = -2, state = 0xDEADBEEF, name = \"x\\\\x09z\", "
                      "ids = [ [0] = 5, [1] = 6 ], event = 0 }"),
            std::string::npos)
      << line;
}

TEST_F(CtfTracepointTest, ALocationOutsideThePayloadReadsEmpty) {
  CtfTracepointFields tf;
  ASSERT_TRUE(add_tracepoint_fields(cls_, event_, types_, tf));
  std::vector<char> d(48, 0);
  uint32_t loc = (8u << 16) | 0xfff0;  // far beyond the payload
  std::memcpy(&d[32], &loc, 4);
  attach();
  bt_ctf_event* ev = bt_ctf_event_create(cls_);
  ASSERT_TRUE(set_tracepoint_values(ev, cls_, tf, types_, d.data(), d.size()));
  std::string line = read_back(ev);
  bt_ctf_event_put(ev);
  if (line.empty()) GTEST_SKIP() << "no babeltrace2 to read the trace back";
  EXPECT_NE(line.find("name = \"\","), std::string::npos) << line;
}

TEST(CtfPrintable, EscapesUnprintableBytesAndStopsAtNul) {
  EXPECT_EQ(ctf_printable("a\x01" "b", 3), "a\\x01b");
  EXPECT_EQ(ctf_printable("ab\0cd", 5), "ab");
  EXPECT_EQ(ctf_printable("abcdef", 3), "abc");
}

}  // namespace
}  // namespace cperf
