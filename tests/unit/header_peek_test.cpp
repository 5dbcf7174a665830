// file_header_has_feature: a file's feature bits from its header alone (report's branch mode
// before the file is opened); pipes, short and foreign files have none.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "format/file_header.h"
#include "io/header_peek.h"

namespace cperf {
namespace {

std::string write_temp(const std::vector<uint8_t>& bytes) {
  char path[] = "/tmp/cperf-header-peek.XXXXXX";
  int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  std::FILE* f = fdopen(fd, "wb");
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  return path;
}

void put64(std::vector<uint8_t>& b, size_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); }

// A file header (104 bytes) with the given feature bit set, and some bytes after it.
std::vector<uint8_t> file_header(int feature) {
  std::vector<uint8_t> b(kFileHeaderSize + 64, 0);
  put64(b, 0, kPerfMagic2);
  put64(b, 8, kFileHeaderSize);
  put64(b, 72 + static_cast<size_t>(feature / 64) * 8, uint64_t{1} << (feature % 64));
  return b;
}

TEST(HeaderPeek, FeatureBitsOfAFileHeader) {
  std::string with = write_temp(file_header(HEADER_BRANCH_STACK));
  std::string other = write_temp(file_header(HEADER_BUILD_ID));
  EXPECT_TRUE(file_header_has_feature(with, HEADER_BRANCH_STACK));
  EXPECT_FALSE(file_header_has_feature(with, HEADER_BUILD_ID));
  EXPECT_FALSE(file_header_has_feature(other, HEADER_BRANCH_STACK));
  std::remove(with.c_str());
  std::remove(other.c_str());
}

TEST(HeaderPeek, PipesShortAndForeignFilesHaveNone) {
  std::vector<uint8_t> pipe(kPipeHeaderSize + 200, 0xff);  // a pipe's header, records after it
  put64(pipe, 0, kPerfMagic2);
  put64(pipe, 8, kPipeHeaderSize);
  std::vector<uint8_t> shortfile = file_header(HEADER_BRANCH_STACK);
  shortfile.resize(60);
  std::vector<uint8_t> foreign(200, 0xff);
  for (const auto& bytes : {pipe, shortfile, foreign}) {
    std::string p = write_temp(bytes);
    EXPECT_FALSE(file_header_has_feature(p, HEADER_BRANCH_STACK));
    std::remove(p.c_str());
  }
  EXPECT_FALSE(file_header_has_feature("/nonexistent/perf.data", HEADER_BRANCH_STACK));
  EXPECT_FALSE(file_header_has_feature("-", HEADER_BRANCH_STACK));
}

}  // namespace
}  // namespace cperf
