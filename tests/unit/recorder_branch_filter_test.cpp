// record -j: perf's branch filter words.
#include <gtest/gtest.h>

#include "linux/perf_event.h"
#include "recorder/branch_filter.h"

namespace cperf {
namespace {

TEST(RecorderBranchFilter, WordsBecomeBits) {
  uint64_t m = 0;
  std::string bad;
  ASSERT_TRUE(parse_branch_filter("any_call,u", m, bad));
  EXPECT_EQ(m, uint64_t{PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_USER});
  ASSERT_TRUE(parse_branch_filter("stack,save_type,hw_index,priv,counter", m, bad));
  EXPECT_EQ(m, uint64_t{PERF_SAMPLE_BRANCH_CALL_STACK | PERF_SAMPLE_BRANCH_TYPE_SAVE | PERF_SAMPLE_BRANCH_HW_INDEX |
                        PERF_SAMPLE_BRANCH_PRIV_SAVE | PERF_SAMPLE_BRANCH_COUNTERS});
}

TEST(RecorderBranchFilter, PrivilegeLevelsAloneMeanAnyBranch) {
  uint64_t m = 0;
  std::string bad;
  ASSERT_TRUE(parse_branch_filter("u,k", m, bad));
  EXPECT_EQ(m, uint64_t{PERF_SAMPLE_BRANCH_ANY});  // perf drops the levels too
  ASSERT_TRUE(parse_branch_filter("hv", m, bad));
  EXPECT_EQ(m, uint64_t{PERF_SAMPLE_BRANCH_ANY});
}

TEST(RecorderBranchFilter, UnknownWordsAreNamed) {
  uint64_t m = 0;
  std::string bad;
  EXPECT_FALSE(parse_branch_filter("any,foo", m, bad));
  EXPECT_EQ(bad, "foo");
  EXPECT_FALSE(parse_branch_filter("", m, bad));
  EXPECT_EQ(bad, "");
  EXPECT_FALSE(parse_branch_filter("any,", m, bad));  // an empty word too
  ASSERT_TRUE(parse_branch_filter("ANY_Call", m, bad));  // any case, as perf
  EXPECT_EQ(m, uint64_t{PERF_SAMPLE_BRANCH_ANY_CALL});
}

}  // namespace
}  // namespace cperf
