// Reading pipe-format data from stdin (through the reader's read-ahead buffer): the same
// records as reading the file, and a stream cut inside a record header is an error.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <thread>
#include <vector>

#include "base/error.h"
#include "io/perf_data_reader.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

// Runs fn with `bytes` on stdin (a pipe fed by a thread), then restores stdin.
template <typename F>
void with_stdin(const std::vector<char>& bytes, F fn) {
  int p[2];
  ASSERT_EQ(pipe(p), 0);
  int saved = dup(0);
  dup2(p[0], 0);
  close(p[0]);
  std::thread writer([&] {
    size_t off = 0;
    while (off < bytes.size()) {
      ssize_t n = write(p[1], bytes.data() + off, bytes.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(p[1]);
  });
  fn();
  // Drain whatever the reader left so the writer can finish.
  char sink[4096];
  while (read(0, sink, sizeof sink) > 0) {
  }
  writer.join();
  dup2(saved, 0);
  close(saved);
}

std::vector<std::vector<std::byte>> all_records(PerfDataReader& r) {
  std::vector<std::vector<std::byte>> out;
  while (auto rec = r.next()) out.emplace_back(rec->bytes.begin(), rec->bytes.end());
  return out;
}

TEST(ReaderStream, StdinGivesTheFileRecordsAndCutHeadersFail) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir) GTEST_SKIP() << "no tests/data/perf7.2-defer";
  const std::string path = *dir + "/data/defer-pipe.data";
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 1000u);

  PerfDataReader file(path);
  auto expected = all_records(file);
  with_stdin(bytes, [&] {
    PerfDataReader r("-");
    EXPECT_EQ(all_records(r), expected);
  });

  // The last record is 8 bytes (FINISHED_ROUND): cutting 3 leaves half a header.
  std::vector<char> cut(bytes.begin(), bytes.end() - 3);
  with_stdin(cut, [&] {
    PerfDataReader r("-");
    try {
      all_records(r);
      ADD_FAILURE() << "a cut header read as the end of the stream";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("truncated record header"), std::string::npos) << e.what();
    }
  });
}

}  // namespace
}  // namespace cperf
