// Huge-page arenas: ObjectArena's objects keep their addresses and are destroyed once;
// LargeArray starts zeroed, moves, and puts large tables in memory marked for huge pages;
// the re-run with glibc's hugetlb tunable is asked for only in THP's madvise mode and never
// overrides the user's own choice.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/huge_page_malloc.h"
#include "base/huge_pages.h"
#include "base/object_arena.h"

namespace cperf {
namespace {

struct Counted {
  static inline int alive = 0;
  uint64_t value = 7;
  char pad[120] = {};
  Counted() { ++alive; }
  ~Counted() { --alive; }
};

TEST(ObjectArena, ObjectsStayPutAcrossChunksAndDieWithTheArena) {
  {
    ObjectArena<Counted> arena;
    std::vector<Counted*> made;
    for (int i = 0; i < 40000; ++i) {  // 5 MB: the heap chunk, then huge-page chunks
      made.push_back(arena.make());
      EXPECT_EQ(made.back()->value, 7u);
      made.back()->value = static_cast<uint64_t>(i);
    }
    EXPECT_EQ(Counted::alive, 40000);
    for (int i = 0; i < 40000; ++i) ASSERT_EQ(made[i]->value, static_cast<uint64_t>(i));
  }
  EXPECT_EQ(Counted::alive, 0);
}

TEST(ObjectArena, MovingKeepsTheObjects) {
  {
    ObjectArena<Counted> a;
    Counted* first = a.make();
    first->value = 1;
    ObjectArena<Counted> b = std::move(a);
    Counted* second = b.make();
    EXPECT_EQ(first->value, 1u);
    EXPECT_NE(first, second);
    a = std::move(b);
    EXPECT_EQ(Counted::alive, 2);
  }
  EXPECT_EQ(Counted::alive, 0);
}

// The VmFlags of the mapping holding p ("hg": marked MADV_HUGEPAGE); empty: not found.
std::string vm_flags_of(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  auto at = reinterpret_cast<uintptr_t>(p);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= at && at < hi;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

TEST(LargeArray, StartsZeroedAndMoves) {
  struct Slot {
    uint64_t a;
    uint32_t b;
  };
  LargeArray<Slot> small(100), big((kHugePage / sizeof(Slot)) + 5);
  for (const Slot& s : small) ASSERT_EQ(s.a + s.b, 0u);
  for (const Slot& s : big) ASSERT_EQ(s.a + s.b, 0u);
  big[3].a = 42;
  LargeArray<Slot> moved = std::move(big);
  EXPECT_TRUE(big.empty());
  EXPECT_EQ(moved[3].a, 42u);
  EXPECT_EQ(moved.size(), (kHugePage / sizeof(Slot)) + 5);
}

TEST(LargeArray, LargeTablesAreMarkedForHugePages) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "sanitizer builds keep large tables on the heap";
#else
  LargeArray<uint64_t> big(kHugePage / sizeof(uint64_t));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(&big[0]) % kHugePage, 0u);
  std::string flags = vm_flags_of(&big[0]);
  if (flags.empty()) GTEST_SKIP() << "/proc/self/smaps does not show the mapping";
  EXPECT_NE(flags.find(" hg"), std::string::npos) << flags;
#endif
}

TEST(HugePageMalloc, OnlyInMadviseModeAndNeverOverTheUsersChoice) {
  EXPECT_TRUE(thp_mode_is_madvise("always [madvise] never\n"));
  EXPECT_FALSE(thp_mode_is_madvise("[always] madvise never\n"));
  EXPECT_FALSE(thp_mode_is_madvise("always madvise [never]\n"));
  EXPECT_FALSE(thp_mode_is_madvise(""));
  EXPECT_EQ(tunables_with_hugetlb(nullptr), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunables_with_hugetlb(""), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunables_with_hugetlb("glibc.malloc.arena_max=2"), "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
  EXPECT_EQ(tunables_with_hugetlb("glibc.malloc.hugetlb=0"), std::nullopt);
  EXPECT_EQ(tunables_with_hugetlb("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2"), std::nullopt);
}

TEST(HugePageMalloc, LargestInputNamedOrDefault) {
  char dir[] = "/tmp/cperf-huge-malloc-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string big = std::string(dir) + "/big.data", small = std::string(dir) + "/small.data";
  { std::ofstream(big) << std::string(3000, 'x'); }
  { std::ofstream(small) << std::string(10, 'x'); }
  using Args = std::vector<std::string>;
  EXPECT_EQ(largest_input(Args{"report", "-i", big}), 3000u);
  EXPECT_EQ(largest_input(Args{"report", "--input=" + big}), 3000u);
  EXPECT_EQ(largest_input(Args{"script", "-i" + small, "-F", "ip"}), 10u);
  EXPECT_EQ(largest_input(Args{"diff", small, big}), 3000u);
  EXPECT_EQ(largest_input(Args{"report", "-i", "-"}), 0u);  // a pipe: nothing to measure
  std::string cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);
  std::filesystem::copy_file(big, "perf.data");
  EXPECT_EQ(largest_input(Args{"report", "--stdio"}), 3000u);  // perf.data, when none is named
  EXPECT_EQ(largest_input(Args{"report", "-i", small}), 10u);
  std::filesystem::current_path(cwd);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace cperf
