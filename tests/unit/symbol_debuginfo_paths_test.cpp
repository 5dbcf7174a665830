// The files perf 7.2 tries for a dso's DWARF when profiling data types
// (symbol/debuginfo_paths.h): distro forms built from the symfs path itself, then that path
// under the symfs once more; nothing when the dso's file is not in the symfs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "symbol/debuginfo_paths.h"

namespace cperf {
namespace {

namespace fs = std::filesystem;

class DebuginfoPaths : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cperf-debuginfo-paths-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    tmp_ = tmpl;
    fs::create_directories(tmp_ + "/symfs/opt/app");
    std::ofstream(tmp_ + "/symfs/opt/app/prog") << "not an ELF file";
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
  std::vector<std::string> candidates(const std::string& symfs, const char* path) {
    SymbolOptions o;
    o.symfs = symfs;
    return debuginfo_candidates(DsoLocator(o), path);
  }
  std::string tmp_;
};

TEST_F(DebuginfoPaths, TheDistroFormsAreBuiltFromTheSymfsPath) {
  const std::string s = tmp_ + "/symfs", p = s + "//opt/app/prog";
  const std::vector<std::string> want = {s + "//usr/lib/debug" + p + ".debug", s + "//usr/lib/debug" + p,
                                         s + "/" + s + "//opt/app/.debug/prog", s + "/" + p};
  EXPECT_EQ(candidates(s, "/opt/app/prog"), want);  // no build id: no .build-id form
}

TEST_F(DebuginfoPaths, NoFileNoCandidates) { EXPECT_TRUE(candidates(tmp_ + "/symfs", "/opt/app/gone").empty()); }

TEST_F(DebuginfoPaths, WithoutASymfsThePathItself) {
  const std::string p = tmp_ + "/symfs/opt/app/prog";
  const std::vector<std::string> want = {"/usr/lib/debug" + p + ".debug", "/usr/lib/debug" + p,
                                         tmp_ + "/symfs/opt/app/.debug/prog", p};
  EXPECT_EQ(candidates("", p.c_str()), want);
}

}  // namespace
}  // namespace cperf
