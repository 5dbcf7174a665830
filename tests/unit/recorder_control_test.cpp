// record --control: the command lines a driving tool sends, and the channel specs perf takes.
#include <gtest/gtest.h>
#include <unistd.h>

#include "recorder/control_channel.h"

namespace cperf {
namespace {

TEST(RecorderControl, ParsesCommandsAndTheirArguments) {
  EXPECT_EQ(parse_control_command("enable").kind, ControlCommand::kEnable);
  ControlCommand d = parse_control_command("disable cycles:u");
  EXPECT_EQ(d.kind, ControlCommand::kDisable);
  EXPECT_EQ(d.arg, "cycles:u");
  EXPECT_EQ(parse_control_command("evlist -v").arg, "-v");
  EXPECT_EQ(parse_control_command("stop").kind, ControlCommand::kStop);
  EXPECT_EQ(parse_control_command("snapshot").kind, ControlCommand::kSnapshot);
  EXPECT_EQ(parse_control_command("ping").kind, ControlCommand::kPing);
  // Unknown words, and arguments to commands that take none, get no answer.
  EXPECT_EQ(parse_control_command("bogus").kind, ControlCommand::kUnknown);
  EXPECT_EQ(parse_control_command("enabled").kind, ControlCommand::kUnknown);
  EXPECT_EQ(parse_control_command("ping now").kind, ControlCommand::kUnknown);
}

TEST(RecorderControl, RefusesMalformedSpecs) {
  for (const char* bad : {"foo", "fifo:", "fd:", "fd:abc", "fd:3,x", "pipe:3"}) {
    ControlChannel c;
    std::string err;
    EXPECT_FALSE(c.open(bad, err)) << bad;
    EXPECT_TRUE(err.empty()) << bad;
  }
  ControlChannel missing;
  std::string err;
  EXPECT_FALSE(missing.open("fifo:/nonexistent/ctl", err));
  EXPECT_EQ(err, "Failed to open '/nonexistent/ctl': No such file or directory");
}

TEST(RecorderControl, ReadsWholeLinesFromAnFdChannel) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  ControlChannel c;
  std::string err;
  ASSERT_TRUE(c.open("fd:" + std::to_string(p[0]), err));
  ASSERT_EQ(write(p[1], "enable\nevlist -F\nsto", 20), 20);
  close(p[1]);  // the rest of the last line never comes
  std::vector<ControlCommand> got = c.read_commands();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].kind, ControlCommand::kEnable);
  EXPECT_EQ(got[1].arg, "-F");
  EXPECT_FALSE(c.active());  // the writer closed its end
  close(p[0]);
}

TEST(RecorderControl, AnOpenWriterDoesNotBlockTheReader) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  ControlChannel c;
  std::string err;
  ASSERT_TRUE(c.open("fd:" + std::to_string(p[0]), err));
  ASSERT_EQ(write(p[1], "ping\n", 5), 5);
  EXPECT_EQ(c.read_commands().size(), 1u);  // returns although the writer stays open
  EXPECT_TRUE(c.read_commands().empty());
  EXPECT_TRUE(c.active());
  close(p[1]);
  close(p[0]);
}

}  // namespace
}  // namespace cperf
