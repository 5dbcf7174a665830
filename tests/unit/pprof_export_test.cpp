// PprofWriter (convert/pprof_export.h): what it writes reads back as pprof's profile.proto with
// the sample types of the events, stacks leaf first, labels, inline frames as lines (the
// holding function last), equal samples summed, and mappings with their build ids.
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "convert/pprof_export.h"
#include "machine/machine.h"
#include "profile.pb.h"

namespace cperf {
namespace {

std::string gunzip(const std::string& in) {
  z_stream z{};
  inflateInit2(&z, 15 + 16);
  std::string out(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  inflate(&z, Z_FINISH);
  out.resize(z.total_out);
  inflateEnd(&z);
  return out;
}

struct World {
  Dso dso{"/usr/bin/app", "app", "", false, false, false, false, false, 0, "/usr/bin/app"};
  Map map;
  Symbol leaf, caller;
  Thread thread;
  std::string inlined = "helper";
  InlineChain chain;  // "helper" inlined into leaf, perf's way: the ELF symbol left out
  World() {
    map.start = 0x400000;
    map.end = 0x500000;
    map.pgoff = 0;
    map.dso = &dso;
    leaf.start = 0x1000, leaf.end = 0x1100, leaf.name = "leaf";
    caller.start = 0x2000, caller.end = 0x2100, caller.name = "caller";
    thread.pid = 7, thread.tid = 8, thread.comm = "app";
    chain.push_back(InlineFrame{&inlined, nullptr});
  }
  DbFrame frame(uint64_t ip, const Symbol* sym) {
    DbFrame f;
    f.ip = ip;
    f.dso = &dso;
    f.map = &map;
    f.map_addr = map.map_ip(ip);
    f.sym = sym;
    return f;
  }
  DbSample sample(uint64_t period) {
    DbSample s;
    s.evsel = 0;
    s.evsel_name = "cpu-clock";
    s.thread = &thread;
    s.period = period;
    s.time = 100;
    s.has_callchain = true;
    s.frames = {frame(0x401010, &leaf), frame(0x402020, &caller)};
    s.ctx = this;
    s.build_id = [](void*, const void*) { return std::string("00112233445566778899aabbccddeeff00112233"); };
    s.inlines = [](void* ctx, const void*, uint64_t addr, const Symbol&) -> const InlineChain* {
      auto* w = static_cast<World*>(ctx);
      return addr == 0x1010 ? &w->chain : nullptr;
    };
    return s;
  }
};

perftools::profiles::Profile written(PprofWriter& w) {
  char path[] = "/tmp/cperf-pprof-test.XXXXXX";
  int fd = mkstemp(path);
  EXPECT_GE(fd, 0);
  close(fd);
  std::string error;
  EXPECT_TRUE(w.write(path, error)) << error;
  std::ifstream in(path, std::ios::binary);
  std::string gz((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(path);
  perftools::profiles::Profile p;
  EXPECT_TRUE(p.ParseFromString(gunzip(gz)));
  return p;
}

TEST(PprofExport, SamplesStacksLinesAndMappings) {
  World w;
  PprofWriter writer;
  Machine machine;
  writer.db_sample(machine, false, w.sample(1000));
  writer.db_sample(machine, false, w.sample(500));  // the same stack: summed
  perftools::profiles::Profile p = written(writer);
  auto str = [&](int64_t i) { return p.string_table(static_cast<int>(i)); };
  ASSERT_EQ(p.sample_type_size(), 2);
  EXPECT_EQ(str(p.sample_type(0).type()), "samples");
  EXPECT_EQ(str(p.sample_type(1).type()), "cpu-clock");
  EXPECT_EQ(str(p.sample_type(1).unit()), "nanoseconds");
  ASSERT_EQ(p.sample_size(), 1);
  EXPECT_EQ(p.sample(0).value(0), 2);
  EXPECT_EQ(p.sample(0).value(1), 1500);
  ASSERT_EQ(p.sample(0).location_id_size(), 2);  // leaf first
  ASSERT_EQ(p.sample(0).label_size(), 3);
  EXPECT_EQ(str(p.sample(0).label(0).key()), "comm");
  EXPECT_EQ(str(p.sample(0).label(0).str()), "app");
  EXPECT_EQ(p.sample(0).label(2).num(), 8);  // tid
  auto fn_name = [&](uint64_t id) {
    for (const auto& f : p.function())
      if (f.id() == id) return str(f.name());
    return std::string("?");
  };
  const auto& leaf = p.location(0);
  EXPECT_EQ(leaf.address(), 0x401010u);
  ASSERT_EQ(leaf.line_size(), 2);  // the inlined function, then the one holding it
  EXPECT_EQ(fn_name(leaf.line(0).function_id()), "helper");
  EXPECT_EQ(fn_name(leaf.line(1).function_id()), "leaf");
  ASSERT_EQ(p.location(1).line_size(), 1);
  EXPECT_EQ(fn_name(p.location(1).line(0).function_id()), "caller");
  ASSERT_EQ(p.mapping_size(), 1);
  EXPECT_EQ(p.mapping(0).memory_start(), 0x400000u);
  EXPECT_EQ(str(p.mapping(0).filename()), "/usr/bin/app");
  EXPECT_EQ(str(p.mapping(0).build_id()), "00112233445566778899aabbccddeeff00112233");
}

TEST(PprofExport, EachEventHasItsPairOfValues) {
  World w;
  PprofWriter writer;
  Machine machine;
  DbSample a = w.sample(10), b = w.sample(3);
  b.evsel = 1;
  b.evsel_name = "instructions";
  writer.db_sample(machine, false, b);  // seen first, yet second in the file's order
  writer.db_sample(machine, false, a);
  perftools::profiles::Profile p = written(writer);
  auto str = [&](int64_t i) { return p.string_table(static_cast<int>(i)); };
  ASSERT_EQ(p.sample_type_size(), 4);
  EXPECT_EQ(str(p.sample_type(0).type()), "cpu-clock samples");
  EXPECT_EQ(str(p.sample_type(3).type()), "instructions");
  EXPECT_EQ(str(p.sample_type(3).unit()), "count");
  ASSERT_EQ(p.sample_size(), 2);
  EXPECT_EQ(p.sample(0).value(3), 3);  // the instructions sample: its values in the second pair
  EXPECT_EQ(p.sample(0).value(1), 0);
  EXPECT_EQ(p.sample(1).value(1), 10);
  EXPECT_EQ(str(p.default_sample_type()), "cpu-clock");
}

}  // namespace
}  // namespace cperf
