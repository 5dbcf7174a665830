// Header feature decoders on small hand-built sections: exact perf text, and no text (failure)
// for truncated or inconsistent sections.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "format/file_header.h"
#include "header/feature_print.h"
#include "header/feature_text.h"

namespace cperf {
namespace {

// Builds a little-endian feature section the way perf record writes one.
class Section {
 public:
  Section& u32(uint32_t v) { return raw(&v, 4); }
  Section& u64(uint64_t v) { return raw(&v, 8); }
  // perf strings: u32 length (NUL included, padded), then the bytes.
  Section& str(const std::string& s, uint32_t padded = 0) {
    uint32_t len = std::max<uint32_t>(padded, static_cast<uint32_t>(s.size() + 1));
    u32(len);
    std::vector<char> b(len, '\0');
    std::memcpy(b.data(), s.data(), s.size());
    return raw(b.data(), len);
  }
  Bytes bytes() const { return Bytes(buf_.data(), buf_.size()); }
  Bytes prefix(size_t n) const { return Bytes(buf_.data(), std::min(n, buf_.size())); }

 private:
  Section& raw(const void* p, size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    buf_.insert(buf_.end(), b, b + n);
    return *this;
  }
  std::vector<std::byte> buf_;
};

std::string text_of(int feat, Bytes data, const FeatureEnv& env = {}) {
  std::string out;
  EXPECT_TRUE(feature_text(feat, data, env, out)) << "feature " << feat;
  return out;
}

bool fails(int feat, Bytes data, const FeatureEnv& env = {}) {
  std::string out;
  bool ok = feature_text(feat, data, env, out);
  EXPECT_EQ(out, "") << "a rejected section must print nothing";
  return !ok;
}

TEST(HeaderFeature, NrCpusPrintsOnlineBeforeAvail) {
  Section s;
  s.u32(8).u32(6);  // avail, online
  EXPECT_EQ(text_of(HEADER_NRCPUS, s.bytes()), "# nrcpus online : 6\n# nrcpus avail : 8\n");
  EXPECT_TRUE(fails(HEADER_NRCPUS, s.prefix(6)));
}

TEST(HeaderFeature, CmdlineEscapesQuotesAndKeepsTrailingSpace) {
  Section s;
  s.u32(3).str("/usr/bin/perf", 64).str("record").str("sh -c 'x'");
  EXPECT_EQ(text_of(HEADER_CMDLINE, s.bytes()),
            "# cmdline : /usr/bin/perf record sh -c \\'x\\' \n");
}

TEST(HeaderFeature, CmdlineWithHugeCountIsRejected) {
  Section s;
  s.u32(0xffffffff).str("perf");
  EXPECT_TRUE(fails(HEADER_CMDLINE, s.bytes()));
}

Section topology(bool with_dies) {
  Section s;
  s.u32(1).str("0-1", 64);               // sibling sockets
  s.u32(2).str("0", 64).str("1", 64);    // sibling threads
  s.u32(0).u32(0).u32(1).u32(0);         // per cpu: core id, socket id
  if (with_dies) s.u32(1).str("0-1").u32(0).u32(0);
  return s;
}

TEST(HeaderFeature, CpuTopologyWithDies) {
  FeatureEnv env;
  env.nr_cpus_avail = 2;
  EXPECT_EQ(text_of(HEADER_CPU_TOPOLOGY, topology(true).bytes(), env),
            "# sibling sockets : 0-1\n"
            "# sibling dies    : 0-1\n"
            "# sibling threads : 0\n"
            "# sibling threads : 1\n"
            "# CPU 0: Core ID 0, Die ID 0, Socket ID 0\n"
            "# CPU 1: Core ID 1, Die ID 0, Socket ID 0\n");
}

TEST(HeaderFeature, CpuTopologyWithoutDiesOrIds) {
  FeatureEnv env;
  env.nr_cpus_avail = 2;
  EXPECT_EQ(text_of(HEADER_CPU_TOPOLOGY, topology(false).bytes(), env),
            "# sibling sockets : 0-1\n"
            "# sibling threads : 0\n"
            "# sibling threads : 1\n"
            "# CPU 0: Core ID 0, Socket ID 0\n"
            "# CPU 1: Core ID 1, Socket ID 0\n");
  Section old;  // perf before core/socket ids
  old.u32(1).str("0-1").u32(1).str("0-1");
  EXPECT_EQ(text_of(HEADER_CPU_TOPOLOGY, old.bytes(), env),
            "# sibling sockets : 0-1\n"
            "# sibling threads : 0-1\n"
            "# Core ID and Socket ID information is not available\n");
}

TEST(HeaderFeature, TruncatedSectionsPrintNothing) {
  FeatureEnv env;
  env.nr_cpus_avail = 2;
  Section topo = topology(true);
  // Every cut inside the string lists or the id arrays must be rejected, never read past.
  for (size_t cut : {size_t{0}, size_t{3}, size_t{10}, size_t{70}, size_t{150}, size_t{230}})
    EXPECT_TRUE(fails(HEADER_CPU_TOPOLOGY, topo.prefix(cut), env)) << "cut " << cut;
  Section numa;
  numa.u32(1).u32(0).u64(100).u64(50).str("0-1");
  EXPECT_EQ(text_of(HEADER_NUMA_TOPOLOGY, numa.bytes()),
            "# node0 meminfo  : total = 100 kB, free = 50 kB\n# node0 cpu list : 0-1\n");
  EXPECT_TRUE(fails(HEADER_NUMA_TOPOLOGY, numa.prefix(numa.bytes().size() - 1)));
  EXPECT_TRUE(fails(HEADER_SAMPLE_TIME, numa.prefix(12)));
  EXPECT_TRUE(fails(HEADER_HOSTNAME, Bytes()));
}

TEST(HeaderFeature, CpuDomainInfoTooSmallIsRejected) {
  FeatureEnv env;
  env.nr_cpus_avail = 2;
  testing::internal::CaptureStderr();
  EXPECT_TRUE(fails(kFeatCpuDomainInfo, Bytes(), env));
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "Invalid HEADER_CPU_DOMAIN_INFO: section too small (0) for 2 CPUs\n");
}

TEST(HeaderFeature, MemTopologyUsesBitmapWeightAndUnits) {
  Section s;
  s.u64(1).u64(0x8000000).u64(1);     // version, block size, nr nodes
  s.u64(0).u64(24).u64(24).u64(0xffffff);  // node 0, 24 blocks set
  EXPECT_EQ(text_of(HEADER_MEM_TOPOLOGY, s.bytes()),
            "# memory nodes (nr 1, block size 0x8000000):\n#    0 [3G]: 0-23\n");
}

TEST(HeaderFeature, PmuMappingsAndEmptyForms) {
  Section s;
  s.u32(2).u32(4).str("cpu").u32(1).str("software");
  EXPECT_EQ(text_of(HEADER_PMU_MAPPINGS, s.bytes()), "# pmu mappings: cpu = 4, software = 1\n");
  Section none;
  none.u32(0);
  EXPECT_EQ(text_of(HEADER_PMU_MAPPINGS, none.bytes()), "# pmu mappings: not available\n");
  EXPECT_EQ(text_of(HEADER_CPU_PMU_CAPS, none.bytes()), "# cpu pmu capabilities: not available\n");
  EXPECT_EQ(text_of(HEADER_PMU_CAPS, none.bytes()), "");
  EXPECT_EQ(text_of(HEADER_BPF_PROG_INFO, none.bytes()), "# bpf_prog_info empty\n");
  EXPECT_EQ(text_of(HEADER_BPF_BTF, none.bytes()), "# btf info empty\n");
}

TEST(HeaderFeature, SampleTimeAndSmallFixedFeatures) {
  Section t;
  t.u64(19463004123ULL).u64(19512082456ULL);
  EXPECT_EQ(text_of(HEADER_SAMPLE_TIME, t.bytes()),
            "# time of first sample : 19.463004\n"
            "# time of last sample : 19.512082\n"
            "# sample duration :     49.078 ms\n");
  Section m;
  m.u32(62).u32(0);
  EXPECT_EQ(text_of(kFeatEMachine, m.bytes()), "# e_machine : 62\n#   e_flags : 0\n");
  Section c;
  c.u32(64);
  EXPECT_EQ(text_of(kFeatClnSize, c.bytes()), "# cacheline size: 64\n");
}

TEST(HeaderFeature, CpuListParsingAndPrinting) {
  std::vector<int> cpus;
  EXPECT_TRUE(parse_cpu_list("5,0-2,3", cpus));
  EXPECT_EQ(cpu_list_string(cpus), "0-3,5");
  cpus.clear();
  EXPECT_FALSE(parse_cpu_list("3-1", cpus));
  EXPECT_FALSE(parse_cpu_list("a", cpus));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

// perf's names of hardware cache events, and its words for the configs it cannot name.
TEST(HwCacheEventName, PerfsNames) {
  EXPECT_EQ(hw_cache_event_name(0x10000), "L1-dcache-load-misses");
  EXPECT_EQ(hw_cache_event_name(0x0), "L1-dcache-loads");
  EXPECT_EQ(hw_cache_event_name(0x102), "LLC-stores");
  EXPECT_EQ(hw_cache_event_name(0x10204), "invalid-cache");  // iTLB has no prefetch
  EXPECT_EQ(hw_cache_event_name(0x10005), "branch-load-misses");
  EXPECT_EQ(hw_cache_event_name(0x9), "unknown-ext-hardware-cache-type");
  EXPECT_EQ(hw_cache_event_name(0x300), "unknown-ext-hardware-cache-op");
  EXPECT_EQ(hw_cache_event_name(0x20000), "unknown-ext-hardware-cache-result");
}

}  // namespace
}  // namespace cperf
