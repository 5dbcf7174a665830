// bpf_prog_info / btf_names: HEADER_BPF_PROG_INFO printed as perf 7.2 prints it.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "header/bpf_prog_info.h"
#include "header/btf_names.h"

namespace cperf {
namespace {

struct Buf {
  std::vector<std::byte> b;
  template <typename T>
  Buf& put(T v) {
    size_t at = b.size();
    b.resize(at + sizeof v);
    std::memcpy(b.data() + at, &v, sizeof v);
    return *this;
  }
  Buf& raw(const std::string& s) {
    for (char c : s) b.push_back(std::byte(c));
    return *this;
  }
  Buf& append(const Buf& o) {
    b.insert(b.end(), o.b.begin(), o.b.end());
    return *this;
  }
  Bytes bytes() const { return b; }
};

// BTF: 1 INT "int", 2 FUNC_PROTO, 3 FUNC "handle_open".
Buf btf() {
  const std::string strings("\0int\0handle_open\0", 17);
  Buf types;
  types.put<uint32_t>(1).put<uint32_t>(1u << 24).put<uint32_t>(4).put<uint32_t>(32);
  types.put<uint32_t>(0).put<uint32_t>(13u << 24).put<uint32_t>(1);
  types.put<uint32_t>(5).put<uint32_t>(12u << 24).put<uint32_t>(2);
  Buf h;
  h.put<uint16_t>(0xEB9F).put<uint8_t>(1).put<uint8_t>(0).put<uint32_t>(24).put<uint32_t>(0);
  h.put<uint32_t>(static_cast<uint32_t>(types.b.size())).put<uint32_t>(static_cast<uint32_t>(types.b.size()));
  h.put<uint32_t>(static_cast<uint32_t>(strings.size()));
  return h.append(types).raw(strings);
}

// One perf_bpil of n sub-programs: addresses 0x1000 + 0x100*i, sizes 0x10*(i+1), tags i+1.
Buf prog(uint32_t id, uint32_t n, const std::string& name, uint32_t btf_id = 0) {
  Buf data;
  for (uint32_t i = 0; i < n; ++i) data.put<uint64_t>(0x1000 + 0x100 * i);
  uint64_t lens_at = data.b.size();
  for (uint32_t i = 0; i < n; ++i) data.put<uint32_t>(0x10 * (i + 1));
  while (data.b.size() % 8) data.put<uint8_t>(0);
  uint64_t tags_at = data.b.size();
  for (uint32_t i = 0; i < n * 8; ++i) data.put<uint8_t>(static_cast<uint8_t>(i / 8 + 1));
  uint64_t finfo_at = data.b.size();
  for (uint32_t i = 0; i < n; ++i) data.put<uint32_t>(0).put<uint32_t>(3);
  std::vector<std::byte> info(232);
  auto at = [&](size_t off, auto v) { std::memcpy(info.data() + off, &v, sizeof v); };
  at(4, id);
  std::memcpy(info.data() + 64, name.data(), name.size());
  at(104, n), at(108, n), at(112, uint64_t{0}), at(120, lens_at), at(128, btf_id);
  at(132, uint32_t{8}), at(136, finfo_at), at(144, n), at(180, n), at(184, tags_at);
  Buf p;
  p.put<uint32_t>(232).put<uint32_t>(static_cast<uint32_t>(data.b.size()));
  p.put<uint64_t>((1 << 3) | (1 << 4) | (1 << 5) | (1 << 8));
  p.b.insert(p.b.end(), info.begin(), info.end());
  return p.append(data);
}

TEST(BtfNamesTest, NamesTypesById) {
  Buf b = btf();
  auto names = BtfNames::parse(b.bytes());
  ASSERT_TRUE(names);
  EXPECT_EQ(names->type_name(1), "int");
  EXPECT_EQ(names->type_name(2), "");
  EXPECT_EQ(names->type_name(3), "handle_open");
  EXPECT_FALSE(names->type_name(4));
  b.b[0] = std::byte{0};  // bad magic
  EXPECT_FALSE(BtfNames::parse(b.bytes()));
}

TEST(BpfProgInfoTest, PrintsProgramsInIdOrder) {
  Buf sec;
  sec.put<uint32_t>(3).append(prog(12, 2, "x", 3)).append(prog(7, 1, "sys_enter")).append(prog(9, 2, ""));
  Buf btf_sec;
  Buf blob = btf();
  btf_sec.put<uint32_t>(1).put<uint32_t>(3).put<uint32_t>(static_cast<uint32_t>(blob.b.size())).append(blob);
  std::string out;
  ASSERT_TRUE(bpf_prog_info_text(sec.bytes(), btf_sec.bytes(), false, out));
  EXPECT_EQ(out,
            "# bpf_prog_info 7: bpf_prog_0101010101010101_sys_enter addr 0x1000 size 16\n"
            "# bpf_prog_info 9:\n"
            "# \tsub_prog 0: bpf_prog_0101010101010101_F addr 0x1000 size 16\n"
            "# \tsub_prog 1: bpf_prog_0202020202020202_F addr 0x1100 size 32\n"
            "# bpf_prog_info 12:\n"
            "# \tsub_prog 0: bpf_prog_0101010101010101_handle_open addr 0x1000 size 16\n"
            "# \tsub_prog 1: bpf_prog_0202020202020202_handle_open addr 0x1100 size 32\n");
}

TEST(BpfProgInfoTest, EmptyAndRefused) {
  Buf none;
  none.put<uint32_t>(0);
  std::string out;
  ASSERT_TRUE(bpf_prog_info_text(none.bytes(), {}, false, out));
  EXPECT_EQ(out, "# bpf_prog_info empty\n");
  Buf big;
  big.put<uint32_t>(1).put<uint32_t>(240).put<uint32_t>(0).put<uint64_t>(0);
  out.clear();
  EXPECT_FALSE(bpf_prog_info_text(big.bytes(), {}, false, out));
  EXPECT_EQ(out, "");
}

}  // namespace
}  // namespace cperf
