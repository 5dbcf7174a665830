// inject --aslr: which attr fields and record types leave the file.
#include <gtest/gtest.h>

#include "format/record_types.h"
#include "inject/aslr.h"
#include "linux/perf_event.h"

namespace cperf {
namespace {

TEST(InjectAslr, RegistersLeaveTheAttr) {
  perf_event_attr a{};
  a.type = PERF_TYPE_SOFTWARE;
  a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_REGS_INTR |
                  PERF_SAMPLE_STACK_USER | PERF_SAMPLE_PHYS_ADDR;
  a.sample_regs_user = 0xff0fff;
  a.sample_regs_intr = 0xff;
  perf_event_attr s = aslr_strip_attr(a);
  EXPECT_EQ(s.sample_type, PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_PHYS_ADDR);
  EXPECT_EQ(s.sample_regs_user, 0u);
  EXPECT_EQ(s.sample_regs_intr, 0u);
}

TEST(InjectAslr, BreakpointAddressIsCleared) {
  perf_event_attr a{};
  a.type = PERF_TYPE_BREAKPOINT;
  a.bp_addr = 0x7ffd1234;
  EXPECT_EQ(aslr_strip_attr(a).bp_addr, 0u);
}

TEST(InjectAslr, DroppedRecordTypes) {
  EXPECT_TRUE(aslr_drops_record_type(PERF_RECORD_TEXT_POKE));
  EXPECT_TRUE(aslr_drops_record_type(PERF_RECORD_AUXTRACE));
  EXPECT_TRUE(aslr_drops_record_type(PERF_RECORD_AUXTRACE_INFO));
  EXPECT_TRUE(aslr_drops_record_type(PERF_RECORD_AUXTRACE_ERROR));
  EXPECT_FALSE(aslr_drops_record_type(PERF_RECORD_CALLCHAIN_DEFERRED));
  EXPECT_FALSE(aslr_drops_record_type(PERF_RECORD_MMAP2));
}

}  // namespace
}  // namespace cperf
