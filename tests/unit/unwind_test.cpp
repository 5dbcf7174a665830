// lib/unwind: register access, and DwarfUnwinder walking a hand-made stack through the static
// test binary (tests/data/.../bench/deep, built with frame pointers and .eh_frame), plus hostile
// registers and stacks that must only end the walk.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <filesystem>
#include <random>
#include <vector>

#include "machine/machine.h"
#include "unwind/dwarf_unwinder.h"
#include "unwind/libunwind_unwinder.h"
#include "unwind/sample_unwind.h"
#include "unwind/user_regs.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

std::optional<std::string> symfs() {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir || !std::filesystem::exists(*dir + "/symfs/bench/deep")) return std::nullopt;
  return *dir + "/symfs";
}

// The register mask perf record --call-graph dwarf uses on x86_64: all but the segment
// registers DS..GS.
constexpr uint64_t kMask = 0xff0fff;

// A RegsDump over values held by the fixture (mask bit order).
struct Regs {
  std::vector<uint64_t> values;
  RegsDump dump;
  Regs(uint64_t mask, uint64_t ip, uint64_t sp, uint64_t bp) {
    for (int r = 0; r < 64; ++r) {
      if (!(mask & (uint64_t{1} << r))) continue;
      uint64_t v = r == kPerfRegX86Ip ? ip : r == kPerfRegX86Sp ? sp : r == kPerfRegX86Bp ? bp : 0;
      values.push_back(v);
    }
    dump.abi = PERF_SAMPLE_REGS_ABI_64;
    dump.mask = mask;
    dump.regs = U64Array(reinterpret_cast<const std::byte*>(values.data()), values.size(), false);
  }
};

// The process of the recordings: /bench/deep mapped as perf 6.1 recorded it.
struct DeepProcess {
  Machine machine;
  Thread* thread;
  DeepProcess() {
    machine.mmap(100, 100, false, 0x400000, 0x1000, 0, "/bench/deep", 1, 2, "");
    machine.mmap(100, 100, false, 0x401000, 0x77000, 0x1000, "/bench/deep", 5, 2, "");
    machine.mmap(100, 100, false, 0x478000, 0x27000, 0x78000, "/bench/deep", 1, 2, "");
    machine.mmap(100, 100, false, 0x7ff00000, 0x21000, 0, "[stack]", 3, 2, "");
    thread = &machine.findnew_thread(100, 100);
  }
};

Bytes bytes_of(const std::vector<uint64_t>& words) {
  return Bytes(reinterpret_cast<const std::byte*>(words.data()), words.size() * 8);
}

TEST(UnwindRegs, ReadsValuesInMaskOrder) {
  Regs r(kMask, 0x401822, 0x7ff0f000, 0x7ff0f000);
  EXPECT_EQ(perf_reg_value(r.dump, kPerfRegX86Ip), 0x401822u);
  EXPECT_EQ(perf_reg_value(r.dump, kPerfRegX86Sp), 0x7ff0f000u);
  EXPECT_EQ(perf_reg_value(r.dump, kPerfRegX86R15), 0u);
  EXPECT_FALSE(perf_reg_value(r.dump, 12));  // DS is not in the mask
  EXPECT_FALSE(perf_reg_value(r.dump, 64));
  RegsDump short_dump = r.dump;  // mask announces more values than there are
  short_dump.regs = r.dump.regs.first(3);
  EXPECT_FALSE(perf_reg_value(short_dump, kPerfRegX86Ip));
  EXPECT_EQ(x86_64_dwarf_regnum(kPerfRegX86Dx), 1);
  EXPECT_EQ(x86_64_dwarf_regnum(kPerfRegX86Bx), 3);
  EXPECT_EQ(x86_64_dwarf_regnum(kPerfRegX86Ip), 16);
  EXPECT_EQ(x86_64_dwarf_regnum(kPerfRegX86R8 + 2), 10);
  EXPECT_EQ(x86_64_dwarf_regnum(kPerfRegX86Flags), -1);
  EXPECT_EQ(x86_64_perf_regnum(16), kPerfRegX86Ip);  // and back: libunwind asks by DWARF number
  EXPECT_EQ(x86_64_perf_regnum(7), kPerfRegX86Sp);
  EXPECT_EQ(x86_64_perf_regnum(17), -1);
}

// perf's libunwind backend reads rules only from .eh_frame_hdr, which a static glibc binary
// lacks: the walk keeps the sampled IP and stops (Documentation/unwinding.md).
TEST(LibunwindUnwinder, StaticBinaryStopsAfterTheSampledIp) {
  auto fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  DeepProcess p;
  SymbolOptions opts;
  opts.symfs = *fs;
  LibunwindUnwinder unwinder(opts);
  const uint64_t sp = 0x7ff0f000;
  std::vector<uint64_t> stack = {sp + 16, 0x40182e, sp + 32, 0x40188e, 0, 0};
  Regs regs(kMask, 0x401822, sp, sp);
  std::vector<UnwoundFrame> frames;
  unwinder.unwind(*p.thread, regs.dump, bytes_of(stack), false, 127, frames);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0].ip, 0x401822u);
  EXPECT_FALSE(unwinder.eh_frame_hdr(*frames[0].map->dso).found);
}

// The table of a binary that has one: this test program's own.
TEST(LibunwindUnwinder, ReadsTheEhFrameHdrTable) {
  Machine m;
  m.mmap(1, 1, false, 0x1000, 0x1000, 0, "/proc/self/exe", 5, 2, "");
  const Map* map = m.find_map(m.findnew_thread(1, 1), PERF_RECORD_MISC_USER, 0x1000);
  ASSERT_NE(map, nullptr);
  LibunwindUnwinder unwinder(SymbolOptions{});
  const LibunwindUnwinder::EhFrameHdr& hdr = unwinder.eh_frame_hdr(*map->dso);
  ASSERT_TRUE(hdr.found);
  EXPECT_GT(hdr.fde_count, 100u);
  EXPECT_EQ(hdr.table, hdr.segbase + 12);  // version/encodings, eh_frame_ptr, fde_count
}

// level() -> level() -> main(): each level frame after its prologue is [saved rbp][return].
TEST(DwarfUnwinder, WalksASyntheticStack) {
  auto fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  DeepProcess p;
  SymbolOptions opts;
  opts.symfs = *fs;
  DwarfUnwinder unwinder(opts);
  const uint64_t sp = 0x7ff0f000;
  std::vector<uint64_t> stack = {
      sp + 16, 0x40182e,  // level (at 0x401822): saved rbp, return into level after its call
      sp + 32, 0x40188e,  // level: saved rbp, return into main
      0, 0,               // main's frame: outermost (rbp 0, no return address)
  };
  Regs regs(kMask, 0x401822, sp, sp);
  std::vector<UnwoundFrame> frames;
  unwinder.unwind(*p.thread, regs.dump, bytes_of(stack), false, 127, frames);
  ASSERT_GE(frames.size(), 3u);
  EXPECT_EQ(frames[0].ip, 0x401822u);  // the sampled IP itself
  EXPECT_EQ(frames[1].ip, 0x40182du);  // return addresses minus one
  EXPECT_EQ(frames[2].ip, 0x40188du);
  ASSERT_NE(frames[0].map, nullptr);
  EXPECT_EQ(frames[0].map->dso->long_name, "/bench/deep");

  // max_stack caps the walk; the same Dwfl is reused for the second call.
  frames.clear();
  unwinder.unwind(*p.thread, regs.dump, bytes_of(stack), false, 2, frames);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_EQ(frames[1].ip, 0x40182du);
}

TEST(DwarfUnwinder, NothingWithoutTheBinaryOrRegisters) {
  auto fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  DeepProcess p;
  std::vector<uint64_t> stack = {0x7ff0f010, 0x40182e};
  std::vector<UnwoundFrame> frames;
  SymbolOptions nowhere;
  nowhere.symfs = *fs + "/no-such-dir";
  DwarfUnwinder blind(nowhere);
  Regs regs(kMask, 0x401822, 0x7ff0f000, 0x7ff0f000);
  blind.unwind(*p.thread, regs.dump, bytes_of(stack), false, 127, frames);
  EXPECT_TRUE(frames.empty());  // perf reports nothing when the first module cannot be read

  SymbolOptions opts;
  opts.symfs = *fs;
  DwarfUnwinder unwinder(opts);
  Regs no_sp(kMask & ~(uint64_t{1} << kPerfRegX86Sp), 0x401822, 0, 0);
  unwinder.unwind(*p.thread, no_sp.dump, bytes_of(stack), false, 127, frames);
  EXPECT_TRUE(frames.empty());
  Regs regs32 = regs;
  regs32.dump.abi = PERF_SAMPLE_REGS_ABI_32;
  unwinder.unwind(*p.thread, regs32.dump, bytes_of(stack), false, 127, frames);
  EXPECT_TRUE(frames.empty());
  unwinder.unwind(*p.thread, regs.dump, bytes_of(stack), false, 0, frames);
  EXPECT_TRUE(frames.empty());
}

TEST(DwarfUnwinder, HostileStacksOnlyEndTheWalk) {
  auto fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  DeepProcess p;
  SymbolOptions opts;
  opts.symfs = *fs;
  DwarfUnwinder unwinder(opts);
  std::mt19937_64 rng(42);
  const uint64_t sps[] = {0, 8, 0x7ff0f000, 0xfffffffffffffff8ull, 0x401000, 0x7fffffffffffffffull};
  const uint64_t ips[] = {0x401822, 0x40181e, 0x401837, 0x43b102, 0, 0x1234, 0x4ab000};
  for (uint64_t sp : sps)
    for (uint64_t ip : ips)
      for (int round = 0; round < 4; ++round) {
        std::vector<uint64_t> stack(round * 64);
        for (uint64_t& w : stack) {
          // Mix plausible return addresses and stack pointers into random words.
          uint64_t x = rng();
          w = x % 3 == 0 ? 0x401000 + x % 0x77000 : x % 3 == 1 ? sp + (x % 4096) : x;
        }
        Regs regs(kMask, ip, sp, rng());
        std::vector<UnwoundFrame> frames;
        unwinder.unwind(*p.thread, regs.dump, bytes_of(stack), round % 2 == 1, 50, frames);
        EXPECT_LE(frames.size(), 50u);
      }
}

TEST(SampleUnwinder, OnlyForDwarfAttrsWithAStack) {
  auto fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  DeepProcess p;
  SampleUnwinder su(*fs);
  std::vector<uint64_t> stack = {0x7ff0f010, 0x40182e, 0x7ff0f020, 0x40188e, 0, 0};
  Regs regs(kMask, 0x401822, 0x7ff0f000, 0x7ff0f000);
  perf_event_attr attr{};
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER |
                     PERF_SAMPLE_STACK_USER;
  DecodedSample ds;
  ds.user_regs = regs.dump;
  ds.user_stack = bytes_of(stack);
  ds.user_stack_size = ds.user_stack.size();
  ds.user_stack_dyn_size = ds.user_stack.size();
  EXPECT_GE(su.user_frames(attr, ds, *p.thread, false, 127).size(), 3u);

  perf_event_attr fp_attr = attr;
  fp_attr.sample_type &= ~PERF_SAMPLE_STACK_USER;
  EXPECT_TRUE(su.user_frames(fp_attr, ds, *p.thread, false, 127).empty());
  DecodedSample empty = ds;
  empty.user_stack_dyn_size = 0;  // nothing copied
  EXPECT_TRUE(su.user_frames(attr, empty, *p.thread, false, 127).empty());
  DecodedSample lying = ds;
  lying.user_stack_dyn_size = ds.user_stack.size() + 8;  // more than the copy holds
  EXPECT_TRUE(su.user_frames(attr, lying, *p.thread, false, 127).empty());
  DecodedSample no_regs = ds;
  no_regs.user_regs.abi = PERF_SAMPLE_REGS_ABI_NONE;
  EXPECT_TRUE(su.user_frames(attr, no_regs, *p.thread, false, 127).empty());
}

}  // namespace
}  // namespace cperf
