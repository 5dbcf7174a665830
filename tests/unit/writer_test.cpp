#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include "format/file_header.h"
#include "io/perf_data_reader.h"
#include "writer/features.h"
#include "writer/perf_data_writer.h"

namespace cperf {
namespace {

TEST(WriterAttrSize, SmallestVersionHoldingTheFields) {
  perf_event_attr a{};
  a.sample_freq = 4000;
  a.freq = 1;
  EXPECT_EQ(minimal_attr_size(a), PERF_ATTR_SIZE_VER0);
  a.sample_regs_user = 0xff0fff;
  EXPECT_EQ(minimal_attr_size(a), PERF_ATTR_SIZE_VER3);
  a.sample_max_stack = 8;
  EXPECT_EQ(minimal_attr_size(a), PERF_ATTR_SIZE_VER5);
  a.defer_callchain = 1;  // a flag bit: no size change
  EXPECT_EQ(minimal_attr_size(a), PERF_ATTR_SIZE_VER5);
}

TEST(Writer, FileRoundTripsThroughTheReader) {
  char path[] = "/tmp/cperf-writer-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  {
    PerfDataWriter w;
    ASSERT_TRUE(w.open(path));
    std::vector<WriterAttr> attrs(2);
    attrs[0].attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
    attrs[0].attr.sample_id_all = 1;
    attrs[0].ids = {11, 12};
    attrs[1].attr.config = 9;
    attrs[1].ids = {13};
    ASSERT_TRUE(w.begin(attrs, {}));
    uint64_t rec[3] = {0};
    perf_event_header h{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, 24};
    std::memcpy(rec, &h, 8);
    rec[1] = 0x401000;
    rec[2] = (uint64_t{7} << 32) | 7;
    ASSERT_TRUE(w.write(rec, sizeof rec));
    FeatureMap f;
    f[HEADER_HOSTNAME] = encode_string_feature("box");
    ASSERT_TRUE(w.finish(f));
  }
  PerfDataReader r(path);
  ASSERT_EQ(r.attrs().size(), 2u);
  EXPECT_EQ(r.attrs()[0].ids, (std::vector<uint64_t>{11, 12}));
  EXPECT_EQ(r.attrs()[1].ids, (std::vector<uint64_t>{13}));
  EXPECT_EQ(r.attrs()[0].file_attr_size, PERF_ATTR_SIZE_VER0);
  EXPECT_TRUE(r.header().has_feature(HEADER_HOSTNAME));
  EXPECT_EQ(r.header().data.size, 24u);
  auto rec = r.next();
  ASSERT_TRUE(rec.has_value());
  EXPECT_FALSE(r.next().has_value());
  unlink(path);
}

}  // namespace
}  // namespace cperf
