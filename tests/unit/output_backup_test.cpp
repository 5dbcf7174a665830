// keep_previous_output: perf's NAME.old rule for record's and inject's output.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "writer/output_backup.h"

namespace cperf {
namespace {
namespace fs = std::filesystem;

class OutputBackupTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/output_backup_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  void write(const std::string& name, const std::string& text) const { std::ofstream(path(name)) << text; }
  std::string read(const std::string& name) const {
    std::ifstream f(path(name));
    return std::string(std::istreambuf_iterator<char>(f), {});
  }
  std::string dir_;
};

TEST_F(OutputBackupTest, MovesANonEmptyFileToOldReplacingAnOlderOne) {
  write("p.data", "second");
  write("p.data.old", "first");
  std::string err;
  ASSERT_TRUE(keep_previous_output(path("p.data"), err)) << err;
  EXPECT_FALSE(fs::exists(path("p.data")));
  EXPECT_EQ(read("p.data.old"), "second");
}

TEST_F(OutputBackupTest, LeavesMissingEmptyAndPipeOutputsAlone) {
  std::string err;
  EXPECT_TRUE(keep_previous_output(path("none.data"), err));
  write("empty.data", "");
  EXPECT_TRUE(keep_previous_output(path("empty.data"), err));
  EXPECT_TRUE(fs::exists(path("empty.data")));
  EXPECT_FALSE(fs::exists(path("empty.data.old")));
  EXPECT_TRUE(keep_previous_output("-", err));
}

TEST_F(OutputBackupTest, RemovesAnOldPerfDataDirectory) {
  write("d.data", "new");
  fs::create_directory(path("d.data.old"));
  write("d.data.old/data", "x");
  write("d.data.old/data.3", "x");
  std::string err;
  ASSERT_TRUE(keep_previous_output(path("d.data"), err)) << err;
  EXPECT_EQ(read("d.data.old"), "new");
}

TEST_F(OutputBackupTest, RefusesToRemoveADirectoryOfOtherFiles) {
  write("u.data", "new");
  fs::create_directory(path("u.data.old"));
  write("u.data.old/mine", "keep");
  std::string err;
  EXPECT_FALSE(keep_previous_output(path("u.data"), err));
  EXPECT_EQ(err, "Can't remove old data: Unknown file found (" + path("u.data.old") + ")");
  EXPECT_EQ(read("u.data.old/mine"), "keep");
  EXPECT_EQ(read("u.data"), "new");
}

}  // namespace
}  // namespace cperf
