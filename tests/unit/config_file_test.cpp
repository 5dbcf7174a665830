// perf's config syntax and the set `perf config` keeps and writes (lib/base/config_*.h),
// on the cases perf 7.2 was seen to handle (tests/e2e/config.sh compares live with perf 7.2).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "base/config_parse.h"
#include "base/config_set.h"
#include "base/config_sources.h"

namespace cperf {
namespace {

struct Parsed {
  std::string list;  // the set's "section.key=value" lines
  std::optional<int> bad_line;
};

Parsed parse(const std::string& text) {
  ConfigSet set;
  auto bad = parse_config_text(text, [&](const std::string& var,
                                         const std::optional<std::string>& value) {
    return set.collect(var, value, false);
  });
  return {set.list(), bad};
}

TEST(ConfigParse, SectionsKeysAndCase) {
  Parsed p = parse("; c\n# c\n[Report]\n  ChIlDren=TRUE  # tail\n[a \"Sub.X\"]\nk = 1\n");
  EXPECT_FALSE(p.bad_line);
  // The section is lower-cased, a key only in its first letter, a subsection not at all.
  EXPECT_EQ(p.list, "report.chIlDren=TRUE\na.Sub.X.k=1\n");
}

TEST(ConfigParse, Values) {
  EXPECT_EQ(parse("[a]\nk = \"  x  y \" z  w \n").list, "a.k=  x  y  z w\n");
  EXPECT_EQ(parse("[a]\nk = x\\ty\\\\z\\\"q\n").list, "a.k=x\ty\\z\"q\n");
  EXPECT_EQ(parse("[a]\nk = 1\\\n 2\n").list, "a.k=1 2\n");
  EXPECT_EQ(parse("[a]\nk=\n").list, "a.k=\n");
  EXPECT_EQ(parse("[a]\nk = 1").list, "a.k=1\n");                 // no newline at the end
  EXPECT_EQ(parse("[a]\nk = 1\r\nj = 2\r\n").list, "a.k=1\na.j=2\n");
  EXPECT_EQ(parse("\xef\xbb\xbf[a]\nk = 1\n").list, "a.k=1\n");  // byte-order mark
  EXPECT_EQ(parse("[a] k = 1\n").list, "a.k=1\n");
}

TEST(ConfigParse, BadLinesKeepWhatCameBefore) {
  Parsed p = parse("[u]\nk=1\nrecord-mode\nz=2\n");  // a key without a value
  EXPECT_EQ(p.bad_line, 3);
  EXPECT_EQ(p.list, "u.k=1\n");
  EXPECT_EQ(parse("[a]\nk = x\\qy\n").bad_line, 2);  // unknown escape
  EXPECT_EQ(parse("[a]\nk = \"open\n").bad_line, 2);
  EXPECT_EQ(parse("[a]\n1k = 1\n").bad_line, 2);
  EXPECT_EQ(parse("k = 1\n").bad_line, 1);           // no section
  EXPECT_EQ(parse("[a b]\nk=1\n").bad_line, 1);
  EXPECT_EQ(parse("[]\nk=1\n").bad_line, 1);
  EXPECT_EQ(parse("[a]\nk = 1 \\\n\\q\n").bad_line, 2);  // the line the key started on
}

TEST(ConfigSet, RepeatedKeysKeepTheirPlace) {
  EXPECT_EQ(parse("[a]\nk=1\nk=2\n[b]\nz=1\n[a]\nm=3\n").list, "a.k=2\na.m=3\nb.z=1\n");
}

TEST(ConfigSet, GetAndSerialize) {
  ConfigSet set;
  ASSERT_TRUE(set.collect("report.children", std::string("false"), false));
  ASSERT_TRUE(set.collect("a.b.c", std::string("1"), false));
  ASSERT_TRUE(set.collect("sys.k", std::string("v"), true));
  EXPECT_FALSE(set.collect("nodot", std::string("1"), false));
  EXPECT_FALSE(set.collect("a.novalue", std::nullopt, false));
  EXPECT_EQ(set.get("report.children"), "false");
  EXPECT_EQ(set.get("a.b.c"), "1");
  EXPECT_FALSE(set.get("report.sort_order"));
  EXPECT_EQ(set.serialize(false),
            "# this file is auto-generated.\n[report]\n\tchildren = false\n[a]\n\tb.c = 1\n");
  EXPECT_EQ(set.serialize(true),
            "# this file is auto-generated.\n[report]\n\tchildren = false\n[a]\n\tb.c = 1\n"
            "[sys]\n\tk = v\n");
}

TEST(ConfigSources, SystemThenUserAndTheRules) {
  std::string dir = ::testing::TempDir() + "cperf-config-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/system") << "[s]\nk=1\n[both]\nx=sys\n";
  std::ofstream(dir + "/user") << "[both]\nx=user\n[u]\nk=2\n";
  ConfigSources src;
  src.system_file = dir + "/system";
  src.user_file = dir + "/user";
  ConfigSet set;
  ConfigMessages m;
  load_config(src, set, m);
  EXPECT_EQ(set.list(), "s.k=1\nboth.x=user\nu.k=2\n");
  // Writing the user's file leaves out what only the system file set.
  EXPECT_EQ(set.serialize(false), "# this file is auto-generated.\n[both]\n\tx = user\n[u]\n\tk = 2\n");
  EXPECT_TRUE(m.bad_lines.empty() && m.warnings.empty());

  src.read_system = false;
  ConfigSet user_only;
  load_config(src, user_only, m);
  EXPECT_EQ(user_only.list(), "both.x=user\nu.k=2\n");

  // A bad system file stops the reading: the user's file is not read.
  std::ofstream(dir + "/system", std::ios::trunc) << "[s]\nk=1\nbad\n";
  src.read_system = true;
  ConfigSet stopped;
  load_config(src, stopped, m);
  EXPECT_EQ(stopped.list(), "s.k=1\n");
  ASSERT_EQ(m.bad_lines.size(), 1u);
  EXPECT_EQ(m.bad_lines[0], "bad config file line 3 in " + dir + "/system");

  // $PERF_CONFIG: that file alone.
  src.exclusive = dir + "/user";
  ConfigSet exclusive;
  load_config(src, exclusive, m);
  EXPECT_EQ(exclusive.list(), "both.x=user\nu.k=2\n");
  std::filesystem::remove_all(dir);
}

TEST(ConfigSources, Bool) {
  EXPECT_EQ(config_bool("YES"), true);
  EXPECT_EQ(config_bool("off"), false);
  EXPECT_EQ(config_bool("0"), false);
  EXPECT_EQ(config_bool("2k"), true);
  EXPECT_EQ(config_bool(""), false);
  EXPECT_EQ(config_bool("maybe"), std::nullopt);
}

}  // namespace
}  // namespace cperf
