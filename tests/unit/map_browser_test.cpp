// perf's map browser (tui/map_browser.h): its rows (addresses as wide as the largest end,
// the binding's letter), the first row selected from the start, and its keys.
#include <gtest/gtest.h>

#include "tui/map_browser.h"

namespace cperf {
namespace {

MapDetails details() {
  return {"/bin/f",
          {{0x1000, 0x1018, 'g', "_init"}, {0x1100, 0x1105, 'l', "f.cold"}, {0xa9f40, 0xa9f78, 'w', "data"}}};
}

TEST(MapBrowser, RowsAsPerfWritesThem) {
  MapBrowser b(details());
  ASSERT_EQ(b.lines().size(), 3u);
  EXPECT_EQ(b.lines()[0], " 1000  1018 g _init");
  EXPECT_EQ(b.lines()[1], " 1100  1105 l f.cold");
  EXPECT_EQ(b.lines()[2], "a9f40 a9f78 w data");
  Canvas c(24, 80);
  b.draw(c);
  EXPECT_EQ(c.text(0), "/bin/f");
  EXPECT_EQ(c.at(0, 0).color, Color::kRoot);
  EXPECT_EQ(c.at(1, 0).color, Color::kSelected);  // no navigation key needed
  EXPECT_EQ(c.at(2, 0).color, Color::kNormal);
}

TEST(MapBrowser, KeysMoveWarnAndLeave) {
  MapBrowser b(details());
  std::string warning;
  EXPECT_TRUE(b.key(key::kDown, 24, warning));
  EXPECT_EQ(b.index(), 1u);
  EXPECT_TRUE(warning.empty());
  EXPECT_TRUE(b.key(key::kEnd, 24, warning));
  EXPECT_EQ(b.index(), 2u);
  // perf searches only when run with -v
  EXPECT_TRUE(b.key('/', 24, warning));
  EXPECT_EQ(warning, "\n'/' key not associated!\n");
  EXPECT_TRUE(b.key(key::kEnter, 24, warning));
  EXPECT_EQ(warning, "\n'Ctrl+M' key not associated!\n");
  for (int k : {int{key::kEsc}, int{key::kLeft}, int{'q'}, 3}) EXPECT_FALSE(b.key(k, 24, warning));
}

}  // namespace
}  // namespace cperf
