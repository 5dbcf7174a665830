// ZstdStream: perf record's COMPRESSED records carry one zstd stream cut at arbitrary points,
// and one record may unpack to far more than zstd's output buffer size.
#include <gtest/gtest.h>
#include <zstd.h>

#include <cstddef>
#include <vector>

#include "io/zstd_stream.h"

namespace cperf {
namespace {

std::vector<std::byte> pattern(size_t n) {
  std::vector<std::byte> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<std::byte>((i * 7) % 13);  // compresses well
  return v;
}

std::vector<std::byte> compress(const std::vector<std::byte>& in) {
  std::vector<std::byte> out(ZSTD_compressBound(in.size()));
  size_t n = ZSTD_compress(out.data(), out.size(), in.data(), in.size(), 3);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

TEST(ZstdStream, OneRecordUnpacksToMoreThanTheOutputBuffer) {
  // A small compressed input whose output exceeds ZSTD_DStreamOutSize() several times: the
  // decoder holds bytes back after the last input byte; all of them must come out.
  std::vector<std::byte> plain = pattern(ZSTD_DStreamOutSize() * 5 + 123);
  std::vector<std::byte> packed = compress(plain);
  ASSERT_LT(packed.size(), ZSTD_DStreamOutSize());
  ZstdStream z;
  std::vector<std::byte> out;
  ASSERT_TRUE(z.decompress(packed, out));
  EXPECT_EQ(out, plain);
}

TEST(ZstdStream, StreamCutAtArbitraryPoints) {
  std::vector<std::byte> plain = pattern(300000);
  std::vector<std::byte> packed = compress(plain);
  ZstdStream z;
  std::vector<std::byte> out;
  size_t cut = packed.size() / 3;
  ASSERT_TRUE(z.decompress(std::span(packed).subspan(0, cut), out));
  ASSERT_TRUE(z.decompress(std::span(packed).subspan(cut), out));
  EXPECT_EQ(out, plain);
}

TEST(ZstdStream, CorruptInputFails) {
  std::vector<std::byte> junk(64, std::byte{0x5a});
  ZstdStream z;
  std::vector<std::byte> out;
  EXPECT_FALSE(z.decompress(junk, out));
}

}  // namespace
}  // namespace cperf
