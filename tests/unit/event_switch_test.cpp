// EventSwitch: perf's --switch-on/--switch-off/--show-on-off-events rules.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "session/event_switch.h"

namespace cperf {
namespace {

std::vector<EventAttrEntry> events(std::initializer_list<const char*> names) {
  std::vector<EventAttrEntry> v;
  for (const char* n : names) {
    EventAttrEntry e;
    e.name = n;
    v.push_back(e);
  }
  return v;
}

// Which of the samples (event indexes) the switch lets through.
std::string kept(EventSwitch sw, const std::vector<int>& samples) {
  std::string out;
  for (int e : samples) out += sw.discard(e) ? '.' : static_cast<char>('0' + e);
  return out;
}

TEST(EventSwitch, OnEventStartsCountingAndIsItselfDropped) {
  EventSwitch sw;
  sw.on_name = "b";
  ASSERT_TRUE(sw.resolve(events({"a", "b"}), stderr));
  EXPECT_EQ(kept(sw, {0, 0, 1, 0, 1, 0}), "...010");
}

TEST(EventSwitch, OffEventAloneDropsOnlyItsFirstSample) {
  EventSwitch sw;
  sw.off_name = "b";
  ASSERT_TRUE(sw.resolve(events({"a", "b"}), stderr));
  EXPECT_EQ(kept(sw, {0, 1, 0, 1}), "0.01");
}

TEST(EventSwitch, OnAndOffAlternate) {
  EventSwitch sw;
  sw.on_name = "b";
  sw.off_name = "a";
  ASSERT_TRUE(sw.resolve(events({"a", "b", "c"}), stderr));
  EXPECT_EQ(kept(sw, {2, 1, 2, 0, 2, 1, 2}), "..2...2");
}

TEST(EventSwitch, ShowOnOffKeepsTheSwitchingSamples) {
  EventSwitch sw;
  sw.on_name = "b";
  sw.off_name = "a";
  sw.show_on_off = true;
  ASSERT_TRUE(sw.resolve(events({"a", "b", "c"}), stderr));
  EXPECT_EQ(kept(sw, {2, 1, 2, 0, 2}), ".120.");
}

TEST(EventSwitch, UnknownEventIsPerfsTwoLines) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* err = open_memstream(&buf, &len);
  EventSwitch sw;
  sw.off_name = "nope";
  EXPECT_FALSE(sw.resolve(events({"a"}), err));
  std::fclose(err);
  EXPECT_EQ(std::string(buf, len),
            "ERROR: switch-off event not found (nope)\nHINT:  use 'perf evlist' to see the available event names\n");
  std::free(buf);
}

}  // namespace
}  // namespace cperf
