#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "inject/build_id_records.h"
#include "inject/known_build_ids.h"

namespace cperf {
namespace {

using Ids = std::map<std::string, std::vector<uint8_t>>;

TEST(KnownBuildIds, EntriesAsPerf72ReadsThem) {
  // hex, a space (or more), the path; entries split at ','
  EXPECT_EQ(parse_known_build_ids("abcd /a,0102  /b"), (Ids{{"/a", {0xab, 0xcd}}, {"/b", {1, 2}}}));
  // an id keeps its first 10 bytes
  EXPECT_EQ(parse_known_build_ids("0123456789abcdef01234567 /x")["/x"].size(), 10u);
  // odd length, non-hex digits, no space, '=' (not perf's separator): left out
  EXPECT_TRUE(parse_known_build_ids("12345 /a,xyz1 /b,/c,abcd=/d").empty());
  EXPECT_TRUE(parse_known_build_ids("").empty());
}

TEST(BuildIdRecord, LayoutOfPerf72Record) {
  std::vector<std::byte> trailer(16, std::byte{0x7e});
  std::vector<uint8_t> id(20, 0x11);
  std::vector<std::byte> r = build_id_record(2, id, "/bench/deep", Bytes(trailer.data(), trailer.size()));
  // 8 header + 4 pid + 24 id + "/bench/deep\0" padded to 8 with the rest, then the trailer
  ASSERT_EQ(r.size(), 48u + 16u);
  uint16_t misc, size;
  int32_t pid;
  std::memcpy(&misc, r.data() + 4, 2);
  std::memcpy(&size, r.data() + 6, 2);
  std::memcpy(&pid, r.data() + 8, 4);
  EXPECT_EQ(misc, 0x8002);
  EXPECT_EQ(size, r.size());
  EXPECT_EQ(pid, -1);
  EXPECT_EQ(static_cast<uint8_t>(r[32]), 20);  // the id's size
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(r.data() + 36)), "/bench/deep");
  EXPECT_EQ(r[48], std::byte{0x7e});
}

}  // namespace
}  // namespace cperf
