#include <gtest/gtest.h>

#include "recorder/callchain_opts.h"
#include "recorder/event_spec.h"

namespace cperf {
namespace {

TEST(RecorderCallchain, DeferForms) {
  CallchainOptions o;
  std::string err;
  ASSERT_TRUE(parse_callchain("fp,defer", o, err));
  EXPECT_TRUE(o.defer);
  ASSERT_TRUE(parse_callchain("fp,defer,32", o, err));
  EXPECT_TRUE(o.defer);
  EXPECT_EQ(o.max_stack, 32u);
  ASSERT_TRUE(parse_callchain("fp,32,defer", o, err));
  EXPECT_TRUE(o.defer);
  EXPECT_EQ(o.max_stack, 32u);
  EXPECT_FALSE(parse_callchain("dwarf,defer", o, err));
  EXPECT_NE(err.find("deferred callchains need frame pointers (fp)"), std::string::npos);
  EXPECT_FALSE(parse_callchain("lbr,defer", o, err));
  EXPECT_NE(err.find("deferred callchains need frame pointers (fp)"), std::string::npos);
  ASSERT_TRUE(parse_callchain("dwarf,4096", o, err));
  EXPECT_EQ(o.mode, CallchainMode::kDwarf);
  EXPECT_EQ(o.dump_size, 4096u);
  EXPECT_FALSE(parse_callchain("fp,deferred", o, err));
}

TEST(RecorderEvents, NamesModifiersAndLists) {
  std::vector<EventSpec> ev;
  std::string err;
  ASSERT_TRUE(parse_events("cpu-clock,page-faults:u,r1a2", ev, err)) << err;
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].attr.type, PERF_TYPE_SOFTWARE);
  EXPECT_EQ(ev[1].attr.config, uint64_t{PERF_COUNT_SW_PAGE_FAULTS});
  EXPECT_EQ(ev[1].attr.exclude_kernel, 1u);
  EXPECT_EQ(ev[1].attr.exclude_user, 0u);
  EXPECT_EQ(ev[1].name, "page-faults:u");
  EXPECT_EQ(ev[2].attr.type, PERF_TYPE_RAW);
  EXPECT_EQ(ev[2].attr.config, 0x1a2u);
  EXPECT_EQ(ev[0].attr.exclude_guest, 0u);  // perf 7.2: no guest exclusion by default
  EXPECT_EQ(ev[1].attr.exclude_guest, 0u);
  EXPECT_FALSE(parse_events("no-such-event", ev, err));
  EXPECT_EQ(split_event_list("software/config=0,name=x/,cs").size(), 2u);
}

// G and H as perf 7.2 records them: -e 'cpu-clock:u,task-clock:H,page-faults:G,cs:GH'.
TEST(RecorderEvents, GuestHostModifiers) {
  std::vector<EventSpec> ev;
  std::string err;
  ASSERT_TRUE(parse_events("task-clock:H,page-faults:G,cs:GH,cs:HG,cpu-clock:p", ev, err)) << err;
  ASSERT_EQ(ev.size(), 5u);
  EXPECT_EQ(ev[0].attr.exclude_guest, 1u);
  EXPECT_EQ(ev[0].attr.exclude_host, 0u);
  EXPECT_EQ(ev[1].attr.exclude_guest, 0u);
  EXPECT_EQ(ev[1].attr.exclude_host, 1u);
  for (int i : {2, 3}) {
    EXPECT_EQ(ev[i].attr.exclude_guest, 0u) << i;
    EXPECT_EQ(ev[i].attr.exclude_host, 0u) << i;
  }
  EXPECT_EQ(ev[4].attr.exclude_guest, 0u);
  EXPECT_EQ(ev[4].attr.precise_ip, 1u);
}

// Groups as perf 7.2 records -e 'cs,{cpu-clock:k,task-clock}:u': the group's modifiers on top
// of each member's own; leader index and member count for group_fd and group_desc.
TEST(RecorderEvents, Groups) {
  std::vector<EventSpec> ev;
  std::string err;
  ASSERT_TRUE(parse_events("cs,{cpu-clock:k,task-clock}:u,page-faults", ev, err)) << err;
  ASSERT_EQ(ev.size(), 4u);
  EXPECT_EQ(ev[0].leader, -1);
  EXPECT_EQ(ev[1].leader, 1);
  EXPECT_EQ(ev[2].leader, 1);
  EXPECT_EQ(ev[3].leader, -1);
  EXPECT_EQ(ev[1].nr_members, 2u);
  EXPECT_EQ(ev[1].name, "cpu-clock:k");
  EXPECT_EQ(ev[1].attr.exclude_user, 0u);  // k from the member, u from the group
  EXPECT_EQ(ev[1].attr.exclude_kernel, 0u);
  EXPECT_EQ(ev[1].attr.exclude_hv, 1u);
  EXPECT_EQ(ev[2].attr.exclude_user, 0u);
  EXPECT_EQ(ev[2].attr.exclude_kernel, 1u);
  EXPECT_EQ(split_event_list("{a,b}:u,c").size(), 2u);
  EXPECT_FALSE(parse_events("{cpu-clock,task-clock", ev, err));
  EXPECT_FALSE(parse_events("{cpu-clock}x", ev, err));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(RecorderEvents, TermsOnNamedEvents) {
  std::vector<EventSpec> ev;
  std::string err;
  ASSERT_TRUE(parse_events("task-clock/period=1000/,cpu-clock/freq=99,name=foo/u,cs/call-graph=dwarf,max-stack=8/", ev, err)) << err;
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_EQ(ev[0].name, "task-clock/period=1000/");  // perf keeps the text as the name
  EXPECT_EQ(ev[0].attr.config, PERF_COUNT_SW_TASK_CLOCK);
  EXPECT_EQ(ev[0].attr.sample_period, 1000u);
  EXPECT_FALSE(ev[0].attr.freq);
  EXPECT_TRUE(ev[0].user_period);
  EXPECT_EQ(ev[1].name, "foo");
  EXPECT_TRUE(ev[1].attr.freq);
  EXPECT_EQ(ev[1].attr.sample_freq, 99u);
  EXPECT_TRUE(ev[1].attr.exclude_kernel);
  ASSERT_TRUE(ev[2].callchain.has_value());
  EXPECT_EQ(ev[2].callchain->mode, CallchainMode::kDwarf);
  EXPECT_EQ(ev[2].callchain->max_stack, 8u);
  EXPECT_FALSE(ev[0].callchain.has_value());
  EXPECT_FALSE(parse_events("task-clock/bogus=1/", ev, err));
  EXPECT_NE(err.find("unknown term 'bogus'"), std::string::npos) << err;
}

TEST(RecorderEvents, SampleReadModifier) {
  std::vector<EventSpec> ev;
  std::string err;
  ASSERT_TRUE(parse_events("{cpu-clock,task-clock}:Su,page-faults", ev, err)) << err;
  ASSERT_EQ(ev.size(), 3u);
  EXPECT_TRUE(ev[0].sample_read);
  EXPECT_TRUE(ev[1].sample_read);
  EXPECT_FALSE(ev[2].sample_read);
  EXPECT_TRUE(ev[1].attr.exclude_kernel);  // the other modifiers still apply
}

}  // namespace
}  // namespace cperf
