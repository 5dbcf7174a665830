#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "symbol/dso_locator.h"
#include "symbol/symbol_cache.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

namespace fs = std::filesystem;

constexpr char kDeepBuildId[] = "f4cce8b8d3ca47da64c081963164299771235eb1";

class SymbolLocatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cperf-symbol-locator-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    tmp_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
  // The fixture binaries, or "" (the test then skips).
  static std::string fixture(const char* name) {
    std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
    std::string p = dir ? *dir + "/symfs/bench/" + name : "";
    return !p.empty() && fs::exists(p) ? p : "";
  }
  void put(const std::string& from, const std::string& to) {
    fs::create_directories(fs::path(to).parent_path());
    fs::copy_file(from, to);
  }
  std::string tmp_;
};

TEST_F(SymbolLocatorTest, CandidatesFollowPerfOrder) {
  SymbolOptions o;
  o.symfs = "/s";
  o.buildid_dir = "/b";
  DsoLocator loc(o);
  std::optional<BuildId> id = BuildId::from_hex(kDeepBuildId);
  std::vector<std::string> want = {
      "/b/.build-id/f4/cce8b8d3ca47da64c081963164299771235eb1/elf",
      "/b/.build-id/f4/cce8b8d3ca47da64c081963164299771235eb1/debug",
      "/s//usr/lib/debug/usr/lib/libx.so.debug",
      "/s//usr/lib/debug/usr/lib/libx.so",
      "/s//usr/lib/debug/.build-id/f4/cce8b8d3ca47da64c081963164299771235eb1.debug",
      "/s//usr/lib/libx.so",
      "/s//usr/lib/.debug/libx.so",
      "/s//usr/lib/debug/lib/libx.so",
  };
  EXPECT_EQ(loc.candidates("/usr/lib/libx.so", id), want);
  // Without a build id only the path-based candidates remain.
  EXPECT_EQ(loc.candidates("/bin/x", std::nullopt).size(), 4u);
}

TEST_F(SymbolLocatorTest, BuildIdDirDefaultsFollowSymfs) {
  SymbolOptions o;
  o.symfs = "/s";
  EXPECT_EQ(resolve_buildid_dir(o), "/s/.debug");
  o.buildid_dir = "/explicit";
  EXPECT_EQ(resolve_buildid_dir(o), "/explicit");
  SymbolOptions none;
  if (const char* home = getenv("HOME")) {
    EXPECT_EQ(resolve_buildid_dir(none), std::string(home) + "/.debug");
  }
  SymbolOptions nosymfs;
  DsoLocator loc(nosymfs);
  EXPECT_EQ(loc.join_symfs("/bin/ls"), "/bin/ls");
}

TEST_F(SymbolLocatorTest, FindsBinaryInBuildIdCacheDirectoryLayout) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  // ~/.debug/<path>/<build id>/elf, reached through .build-id/xx/yyyy -> that directory.
  std::string dir = tmp_ + "/.debug/bench/deep/" + kDeepBuildId;
  put(deep, dir + "/elf");
  fs::create_directories(tmp_ + "/.debug/.build-id/f4");
  fs::create_directory_symlink(dir, tmp_ + "/.debug/.build-id/f4/" + std::string(kDeepBuildId + 2));
  SymbolOptions o;
  o.symfs = tmp_ + "/empty-symfs";
  o.buildid_dir = tmp_ + "/.debug";
  SymbolCache cache(o);
  const DsoSymbols& d = cache.dso("/bench/deep", kDeepBuildId);
  EXPECT_EQ(d.symtab_path(),
            o.buildid_dir + "/.build-id/f4/" + std::string(kDeepBuildId + 2) + "/elf");
  ASSERT_NE(d.find(0x1660), nullptr);
  EXPECT_EQ(d.find(0x1660)->name, "_start");
  EXPECT_EQ(d.origin(), 'B');  // report -v's letter: the build-id cache
}

TEST_F(SymbolLocatorTest, FindsOldStyleBuildIdLinkToAFile) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  put(deep, tmp_ + "/store/deep");
  fs::create_directories(tmp_ + "/.debug/.build-id/f4");
  fs::create_symlink(tmp_ + "/store/deep",
                     tmp_ + "/.debug/.build-id/f4/" + std::string(kDeepBuildId + 2));
  SymbolOptions o;
  o.buildid_dir = tmp_ + "/.debug";
  SymbolCache cache(o);
  const DsoSymbols& d = cache.dso("/no/such/deep", kDeepBuildId);
  EXPECT_EQ(d.symtab_path(), o.buildid_dir + "/.build-id/f4/" + std::string(kDeepBuildId + 2));
  EXPECT_FALSE(d.table().empty());
}

TEST_F(SymbolLocatorTest, PathLayoutIsOnlyTriedWhenAsked) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  put(deep, tmp_ + "/.debug/bench/deep/" + kDeepBuildId + "/elf");
  SymbolOptions o;
  o.symfs = tmp_ + "/empty-symfs";
  o.buildid_dir = tmp_ + "/.debug";
  EXPECT_TRUE(SymbolCache(o).dso("/bench/deep", kDeepBuildId).table().empty());
  o.try_buildid_path_layout = true;
  EXPECT_FALSE(SymbolCache(o).dso("/bench/deep", kDeepBuildId).table().empty());
}

TEST_F(SymbolLocatorTest, WrongBuildUnderSymfsIsSkippedForTheRightOne) {
  std::string deep = fixture("deep");
  std::string mt = fixture("mt");
  if (deep.empty() || mt.empty()) GTEST_SKIP() << "fixture binaries not present";
  // symfs holds another binary under the recorded name; the debug build-id dir has the
  // right one.
  put(mt, tmp_ + "/symfs/bench/deep");
  put(deep, tmp_ + "/symfs/usr/lib/debug/.build-id/f4/" + std::string(kDeepBuildId + 2) + ".debug");
  SymbolOptions o;
  o.symfs = tmp_ + "/symfs";
  LocatedDso r = DsoLocator(o).locate("/bench/deep", BuildId::from_hex(kDeepBuildId));
  ASSERT_TRUE(r.syms);
  EXPECT_NE(r.syms->path().find("/usr/lib/debug/.build-id/"), std::string::npos);
  EXPECT_EQ(r.syms->build_id()->to_hex(), kDeepBuildId);
  EXPECT_EQ(r.origin, 'b');  // perf's BUILDID_DEBUGINFO
}

TEST_F(SymbolLocatorTest, OriginOfTheRecordedPathAndOfNothing) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  put(deep, tmp_ + "/symfs/bench/deep");
  SymbolOptions o;
  o.symfs = tmp_ + "/symfs";
  EXPECT_EQ(DsoLocator(o).locate("/bench/deep", std::nullopt).origin, 'd');
  EXPECT_EQ(DsoLocator(o).locate("/bench/none", std::nullopt).origin, '!');
}

TEST_F(SymbolLocatorTest, SymfsBasenameIsNotTried) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  put(deep, tmp_ + "/symfs/deep");
  SymbolOptions o;
  o.symfs = tmp_ + "/symfs";
  EXPECT_TRUE(SymbolCache(o).dso("/bench/deep", kDeepBuildId).table().empty());
}

TEST_F(SymbolLocatorTest, CacheLoadsEachDsoOnce) {
  std::string deep = fixture("deep");
  if (deep.empty()) GTEST_SKIP() << "fixture binary not present";
  put(deep, tmp_ + "/symfs/bench/deep");
  SymbolOptions o;
  o.symfs = tmp_ + "/symfs";
  SymbolCache cache(o);
  const DsoSymbols* first = &cache.dso("/bench/deep", kDeepBuildId);
  fs::remove(tmp_ + "/symfs/bench/deep");
  EXPECT_EQ(&cache.dso("/bench/deep", kDeepBuildId), first);
  EXPECT_FALSE(first->table().empty());
  // Another build id is another entry (and now finds nothing).
  EXPECT_NE(&cache.dso("/bench/deep", ""), first);
}

}  // namespace
}  // namespace cperf
