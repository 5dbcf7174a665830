// TextLine's hand-written formatting must equal printf's for every width and value shape.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "io/text_line.h"
#include "script/frame_text_cache.h"

namespace cperf {
namespace {

// Runs fill(line) on a TextLine over a memory stream and returns what reached the stream.
template <typename F>
std::string render(F fill) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* f = open_memstream(&buf, &len);
  {
    TextLine line(f);
    fill(line);
  }
  std::fclose(f);
  std::string s(buf, len);
  std::free(buf);
  return s;
}

std::string printf_str(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string printf_str(const char* fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  return buf;
}

const std::vector<uint64_t> kValues = {0, 1, 9, 10, 15, 16, 255, 4096, 999999, 1000000,
                                       0x401660, 0xffffffffa4b04723ull, ~uint64_t{0}};

TEST(TextLineTest, NumbersMatchPrintf) {
  for (uint64_t v : kValues) {
    for (int w : {0, 1, 7, 10, 16, 25}) {
      EXPECT_EQ(render([&](TextLine& l) { l.hex(v, w); }), printf_str("%*" PRIx64, w, v));
      EXPECT_EQ(render([&](TextLine& l) { l.dec(v, w); }), printf_str("%*" PRIu64, w, v));
      EXPECT_EQ(render([&](TextLine& l) { l.dec(v, -w); }), printf_str("%-*" PRIu64, w, v));
      int64_t sv = static_cast<int64_t>(v);
      EXPECT_EQ(render([&](TextLine& l) { l.sdec(sv, w); }), printf_str("%*" PRId64, w, sv));
      EXPECT_EQ(render([&](TextLine& l) { l.sdec(-sv, -w); }), printf_str("%-*" PRId64, w, -sv));
    }
    EXPECT_EQ(render([&](TextLine& l) { l.dec0(v % 1000000000, 9); }),
              printf_str("%09" PRIu64, v % 1000000000));
  }
}

// Every digit count, odd and even (dec and dec0 write two digits at a time).
TEST(TextLineTest, EveryDigitCountMatchesPrintf) {
  uint64_t v = 0;
  for (int digits = 1; digits <= 20; ++digits) {
    v = v * 10 + static_cast<uint64_t>(digits % 10);
    EXPECT_EQ(render([&](TextLine& l) { l.dec(v, 3); }), printf_str("%3" PRIu64, v));
    for (int d : {1, 2, 3, 6, 9}) {
      uint64_t m = 1;
      for (int i = 0; i < d; ++i) m *= 10;
      EXPECT_EQ(render([&](TextLine& l) { l.dec0(v % m, d); }), printf_str("%0*" PRIu64, d, v % m));
    }
  }
  for (uint64_t x = 0; x < 100000; x += 7) EXPECT_EQ(render([&](TextLine& l) { l.dec(x); }), printf_str("%" PRIu64, x));
}

TEST(TextLineTest, StringsAlignAndLongTextPassesThrough) {
  EXPECT_EQ(render([](TextLine& l) { l.aligned("deep", 16).put(' ').aligned("x", -3).put('|'); }),
            printf_str("%16s %-3s|", "deep", "x"));
  std::string big(5000, 'a');
  EXPECT_EQ(render([&](TextLine& l) { l.put("head ").put(big).put('\n'); }), "head " + big + "\n");
  EXPECT_EQ(render([&](TextLine& l) {
              for (int i = 0; i < 3000; ++i) l.put('z');
            }),
            std::string(3000, 'z'));
}

TEST(TextLineTest, SinceAMarkUntilTextIsWrittenOut) {
  render([](TextLine& l) {
    l.put("head ");
    TextLine::Mark m = l.mark();
    l.put("frame").hex(0xff, 4);
    ASSERT_TRUE(l.since(m));
    EXPECT_EQ(*l.since(m), "frame  ff");
    l.flush();
    EXPECT_FALSE(l.since(m));
  });
}

TEST(FrameTextCacheTest, StoresByFullKeyAndSkipsLongText) {
  FrameTextCache c;
  int dso = 0;
  FrameTextCache::Key k{0x401660, &dso, 0x401000, 0x1000, 0xf};
  EXPECT_EQ(c.find(k), nullptr);
  c.store(k, "\t  401660 _start+0x0 (/bench/deep)\n");
  ASSERT_NE(c.find(k), nullptr);
  EXPECT_EQ(*c.find(k), "\t  401660 _start+0x0 (/bench/deep)\n");
  FrameTextCache::Key other = k;
  other.map_pgoff = 0;  // the same ip in another mapping is another text
  EXPECT_EQ(c.find(other), nullptr);
  other = k;
  other.fields = 0x1;
  EXPECT_EQ(c.find(other), nullptr);
  FrameTextCache::Key big{0x1234, &dso, 0, 0, 0xf};
  c.store(big, std::string(1000, 'x'));
  EXPECT_EQ(c.find(big), nullptr);
}

}  // namespace
}  // namespace cperf
