#include "header/bpf_prog_info.h"

#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

#include "header/btf_names.h"

namespace cperf {

namespace {

constexpr size_t kInfoSize = 232;  // sizeof(struct bpf_prog_info) in perf 7.2's uapi
constexpr size_t kTagSize = 8;
// Bits of perf_bpil.arrays and the offsets of the bpf_prog_info fields used here.
constexpr int kArrJitedKsyms = 3, kArrJitedFuncLens = 4, kArrFuncInfo = 5, kArrProgTags = 8;

struct Prog {
  std::array<std::byte, kInfoSize> info{};  // a shorter info (an older kernel's) reads as zeros
  Bytes data;
  uint64_t arrays = 0;
  uint32_t u32_at(size_t off) const {
    uint32_t v;
    std::memcpy(&v, info.data() + off, 4);
    return v;
  }
  uint64_t u64_at(size_t off) const {
    uint64_t v;
    std::memcpy(&v, info.data() + off, 8);
    return v;
  }
  // Array `bit` of n elements of `size` bytes, from the offset in info field `field`.
  std::optional<Bytes> array(int bit, size_t field, uint64_t n, size_t size) const {
    uint64_t off = u64_at(field);
    if (!(arrays >> bit & 1) || off > data.size() || n > (data.size() - off) / size) return std::nullopt;
    return data.subspan(off, n * size);
  }
};

template <typename T>
T element(Bytes a, size_t i, size_t stride = sizeof(T), size_t at = 0) {
  T v;
  std::memcpy(&v, a.data() + i * stride + at, sizeof(T));
  return v;
}

// perf's synthesized symbol name: "bpf_prog_" + the tag in hex, then "_" + the function's BTF
// name, or for a lone sub-program the program's own name, or "F" for one of several.
std::string prog_name(const Prog& p, Bytes tags, std::optional<Bytes> func_info,
                      const BtfNames* btf, uint32_t sub, uint32_t count) {
  std::string name = "bpf_prog_";
  char hex[3];
  for (size_t i = 0; i < kTagSize; ++i) {
    std::snprintf(hex, sizeof(hex), "%02x", static_cast<unsigned>(tags[sub * kTagSize + i]));
    name += hex;
  }
  std::optional<std::string> suffix;
  if (btf) {
    uint32_t rec_size = p.u32_at(132);
    if (func_info && rec_size >= 8 && uint64_t{sub + 1} * rec_size <= func_info->size())
      suffix = btf->type_name(element<uint32_t>(*func_info, sub, rec_size, 4));
  } else if (count == 1) {
    const char* own = reinterpret_cast<const char*>(p.info.data() + 64);  // char name[16]
    if (own[0]) suffix = std::string(own, strnlen(own, 16));
  } else {
    suffix = "F";
  }
  if (suffix) name += "_" + *suffix;
  return name;
}

void print_prog(const Prog& p, const std::map<uint32_t, Bytes>& btfs, std::string& out) {
  const uint32_t id = p.u32_at(4), count = p.u32_at(104);
  if (count != p.u32_at(180) || count != p.u32_at(108)) return;  // perf skips a mismatch
  auto addrs = p.array(kArrJitedKsyms, 112, count, 8);
  auto lens = p.array(kArrJitedFuncLens, 120, count, 4);
  auto tags = p.array(kArrProgTags, 184, count, kTagSize);
  if (!addrs || !lens || !tags || count == 0) return;
  std::optional<BtfNames> btf;
  if (uint32_t btf_id = p.u32_at(128)) {
    auto it = btfs.find(btf_id);
    if (it != btfs.end()) btf = BtfNames::parse(it->second);
  }
  auto func_info = p.array(kArrFuncInfo, 136, p.u32_at(144), p.u32_at(132) ? p.u32_at(132) : 1);
  char line[512];
  auto name = [&](uint32_t i) { return prog_name(p, *tags, func_info, btf ? &*btf : nullptr, i, count); };
  if (count == 1) {
    std::snprintf(line, sizeof(line), "# bpf_prog_info %u: %s addr 0x%" PRIx64 " size %u\n", id,
                  name(0).c_str(), element<uint64_t>(*addrs, 0), element<uint32_t>(*lens, 0));
    out += line;
    return;
  }
  std::snprintf(line, sizeof(line), "# bpf_prog_info %u:\n", id);
  out += line;
  for (uint32_t i = 0; i < count; ++i) {
    std::snprintf(line, sizeof(line), "# \tsub_prog %u: %s addr 0x%" PRIx64 " size %u\n", i,
                  name(i).c_str(), element<uint64_t>(*addrs, i), element<uint32_t>(*lens, i));
    out += line;
  }
}

// HEADER_BPF_BTF: u32 count, then per blob u32 id, u32 size, the bytes; the first of an id wins.
std::map<uint32_t, Bytes> btf_blobs(Bytes section) {
  std::map<uint32_t, Bytes> out;
  ByteReader r(section, false);
  uint32_t count = r.u32();
  for (uint32_t i = 0; i < count && r.ok(); ++i) {
    uint32_t id = r.u32(), size = r.u32();
    Bytes blob = r.bytes(size);
    if (r.ok()) out.try_emplace(id, blob);
  }
  return out;
}

}  // namespace

bool bpf_prog_info_text(Bytes prog_info, Bytes btf, bool swap, std::string& out) {
  std::map<uint32_t, Prog> progs;  // by id, the first of an id kept
  ByteReader r(prog_info, swap);
  uint32_t count = r.u32();
  if (!r.ok()) return false;
  for (uint32_t i = 0; i < count && !swap; ++i) {
    Prog p;
    uint32_t info_len = r.u32(), data_len = r.u32();
    p.arrays = r.u64();
    if (!r.ok() || info_len > kInfoSize) return false;
    Bytes info = r.bytes(info_len);
    p.data = r.bytes(data_len);
    if (!r.ok()) return false;
    std::memcpy(p.info.data(), info.data(), info.size());
    progs.try_emplace(p.u32_at(4), p);
  }
  if (progs.empty()) {
    out += "# bpf_prog_info empty\n";
    return true;
  }
  std::map<uint32_t, Bytes> btfs = swap ? std::map<uint32_t, Bytes>{} : btf_blobs(btf);
  for (const auto& [id, p] : progs) print_prog(p, btfs, out);
  return true;
}

}  // namespace cperf
